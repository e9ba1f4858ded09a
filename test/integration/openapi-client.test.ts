// A client generated from the served API description the way outside callers make one
// (openapi-typescript types, openapi-fetch calls): it type-checks under `tsc --strict`, a mistaken
// call does not, and it signs in, reads me and the vendor context, refreshes and resets a password
// for each role against the started app.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { PASSWORDS } from '../support/accounts';
import { administrationSuite, EXTRA_PASSWORD } from '../support/admin-world';
import { signIn } from '../support/sign-in';
import { ROOT } from '../support/app-process';
import { request } from '../support/http';
import { loggedCode } from '../support/logged-codes';
import { CLIENT_PROGRAM, MISTAKEN_PROGRAM } from '../support/openapi-client-program';

const run = promisify(execFile);
const NEW_PASSWORD = 'client-made-password-9';
// Inside the project (ignored by git) so the program resolves openapi-fetch from node_modules.
const WORK_ROOT = path.join(ROOT, 'test-results');
const STRICT = [
  '--strict',
  '--noEmit',
  '--target',
  'es2022',
  '--module',
  'esnext',
  '--moduleResolution',
  'bundler',
  '--lib',
  'es2022,dom',
];

/** What the generated program exports, as the test calls it. */
interface Program {
  adminSession(
    baseUrl: string,
    email: string,
    password: string,
  ): Promise<{ email: string; adminType: string; expiresIn: number; rotated: boolean }>;
  vendorSession(
    baseUrl: string,
    email: string,
    password: string,
  ): Promise<{ email: string; vendorType: string; vendorId: string; storeNames: string[]; rotated: boolean }>;
  requestReset(baseUrl: string, role: 'admin' | 'vendor', email: string, type: string): Promise<true>;
  completeReset(
    baseUrl: string,
    role: 'admin' | 'vendor',
    email: string,
    type: string,
    code: string,
    password: string,
  ): Promise<{ refusedCode: string; completed: true }>;
}

let dir: string;
let baseUrl: string;
const app = administrationSuite(
  async (suite) => {
    baseUrl = `${suite.url}/api/v1`;
    await mkdir(WORK_ROOT, { recursive: true });
    dir = await mkdtemp(path.join(WORK_ROOT, 'openapi-client-'));
    const served = (await request(suite.url, 'GET', '/api/v1/openapi.json')).body as Record<string, unknown>;
    // Generated as .ts, not .d.ts, so tsc checks it too instead of skipping it as a library file.
    await writeFile(path.join(dir, 'schema.ts'), astToString(await openapiTS(served as never)));
    await writeFile(path.join(dir, 'program.ts'), CLIENT_PROGRAM);
    await writeFile(path.join(dir, 'mistaken.ts'), MISTAKEN_PROGRAM.replace("'./schema'", "'./schema.ts'"));
  },
  { env: { PASSWORD_RESET_LOG_OTP: '1' } },
);
after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `tsc --strict` on the given files in one run (library declarations skipped); its diagnostics. */
async function typeCheck(...files: string[]): Promise<string> {
  const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
  const args = [
    ...STRICT,
    '--skipLibCheck',
    '--types',
    'node',
    '--allowImportingTsExtensions',
    ...files.map((f) => path.join(dir, f)),
  ];
  return run(tsc, args, { cwd: dir }).then(
    ({ stdout }) => stdout,
    (failure: { stdout?: string; message?: string }) => failure.stdout || failure.message || 'tsc failed',
  );
}

test('the generated client type-checks under tsc --strict, and a misspelt body field does not', async () => {
  const diagnostics = (await typeCheck('schema.ts', 'program.ts', 'mistaken.ts'))
    .trim()
    .split('\n')
    .filter((line) => /error TS/.test(line));
  // Only the mistaken copy fails, and for its misspelt field: the generated types and the program are clean.
  assert.ok(diagnostics.length > 0, 'the types refuse a body the API refuses');
  for (const line of diagnostics) assert.match(line, /mistaken\.ts\(\d+,\d+\): error TS\d+:.*pasword/);
});

test('the generated client signs in, reads me and the context, and refreshes, for each role', async () => {
  const program = (await import(pathToFileURL(path.join(dir, 'program.ts')).href)) as Program;
  const admin = await program.adminSession(baseUrl, app.w.admin.email, PASSWORDS.admin);
  assert.deepEqual(
    { ...admin, expiresIn: undefined },
    { email: app.w.admin.email, adminType: 'super_admin', expiresIn: undefined, rotated: true },
  );
  assert.ok(Number.isInteger(admin.expiresIn) && admin.expiresIn > 0, `expires_in ${admin.expiresIn}`);
  const owner = await program.vendorSession(baseUrl, app.w.owner.email, PASSWORDS.owner);
  assert.equal(owner.email, app.w.owner.email);
  assert.equal(owner.vendorType, 'owner');
  assert.equal(owner.vendorId, app.w.vendor.id);
  assert.ok(owner.storeNames.includes(app.w.storeA.name), `the owner's context lists ${app.w.storeA.name}`);
  assert.equal(owner.rotated, true);
  const employee = await program.vendorSession(baseUrl, app.w.employee.email, PASSWORDS.employee);
  assert.equal(employee.vendorType, 'employee');
  await assert.rejects(
    program.adminSession(baseUrl, app.w.admin.email, 'wrong-password-1'),
    /login: 401 invalid_credentials/,
  );
});

test('the generated client resets a password for each role: a wrong code is 401 invalid_code, the new password signs in', async () => {
  const program = (await import(pathToFileURL(path.join(dir, 'program.ts')).href)) as Program;
  for (const [role, email, type] of [
    ['admin', app.w.adminsAdmin.email, 'admin'],
    ['vendor', app.w.reader.email, 'employee'],
  ] as const) {
    assert.equal(await program.requestReset(baseUrl, role, email, type), true);
    const code = await loggedCode(app, email);
    assert.deepEqual(await program.completeReset(baseUrl, role, email, type, code, NEW_PASSWORD), {
      refusedCode: 'invalid_code',
      completed: true,
    });
    const signedIn = await signIn(app.url, role, email, NEW_PASSWORD);
    assert.ok(signedIn.access_token, `${role} signs in with the new password`);
    assert.equal(
      (await request(app.url, 'POST', `/api/v1/auth/${role}/login`, { json: { email, password: EXTRA_PASSWORD } }))
        .status,
      401,
      'the old password no longer does',
    );
  }
});

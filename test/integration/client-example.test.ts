// `npm run example:pos` runs to completion against the started app: an employee signs in, loads
// the context, picks a store and terminal, and keeps calling /me across an access-token expiry.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { ROOT } from '../support/app-process';
import { appSuite } from '../support/app-suite';

const app = appSuite({ env: { JWT_ACCESS_EXPIRES: '2s' } });
const { seed } = app;

function runExample(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'example:pos', '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the example did not finish within 60 s:\n${stdout}\n${stderr}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('the POS example signs in, picks a store and terminal and survives an access-token expiry', async () => {
  const { code, stdout, stderr } = await runExample(['--base-url', app.url, '--interval', '0.5'], {
    POS_EMAIL: seed.employee.email,
    POS_PASSWORD: PASSWORDS.employee,
  });
  assert.equal(code, 0, `exit code\n${stdout}\n${stderr}`);
  const lines = stdout.split('\n');
  const at = (pattern: RegExp) => lines.findIndex((l) => pattern.test(l));

  assert.ok(at(/API root: http:\/\/127\.0\.0\.1:\d+\/api\/v1$/) >= 0, stdout);
  assert.ok(at(/signed in as Casey Cashier .*\(employee\); access token lives 2 s/) >= 0, stdout);
  assert.ok(
    at(/context: Corner Shop, 1 store\(s\), 1 terminal\(s\)/) >= 0,
    'the employee sees only the assigned store',
  );
  assert.ok(at(new RegExp(`store: High Street \\(${seed.storeA.id}\\)`)) >= 0, stdout);
  assert.ok(at(new RegExp(`terminal: Till A1 \\(${seed.tillA.id}\\)`)) >= 0, stdout);

  // Across the expiry: a 401, one refresh, the retried call; then a call on the new token.
  const expired = at(/GET \/api\/v1\/auth\/vendor\/me -> 401/);
  assert.ok(expired > 0, `a /me call met the expired token\n${stdout}`);
  assert.match(lines[expired + 1] ?? '', /POST \/api\/v1\/auth\/vendor\/refresh -> 200/);
  assert.match(lines[expired + 2] ?? '', /GET \/api\/v1\/auth\/vendor\/me -> 200/);
  assert.match(
    lines[expired + 3] ?? '',
    /\/me #\d+: Casey Cashier at Till A1 \(access token expired: refreshed and retried\)/,
  );
  assert.equal(lines.filter((l) => /refresh -> /.test(l)).length, 1, 'exactly one refresh request');
  assert.match(stdout, /done: 1 refresh\(es\), no second sign-in needed; signed out/);
});

test('the POS example stops with a message on wrong credentials', async () => {
  const { code, stderr } = await runExample(['--base-url', app.url], {
    POS_EMAIL: seed.employee.email,
    POS_PASSWORD: 'wrong-password-1',
  });
  assert.equal(code, 1);
  assert.match(stderr, /401 invalid_credentials/);
});

// The served API description, linted as outside reviewers lint it: Redocly CLI (redocly.yaml, the
// recommended rules) and Spectral with the OWASP API Security ruleset (.spectral.yaml). Any error or
// warning fails; each linter is also shown a broken copy, so a silent linter cannot pass.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { NAMED_ROUTES } from '@/contract/routes';
import { ROOT } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';

const run = promisify(execFile);
const BIN = path.join(ROOT, 'node_modules/.bin');
// Both linters run with no network at all (checked under `unshare -n`); these only keep Redocly quiet.
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

type Doc = {
  info: Record<string, unknown>;
  paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
};

let dir: string;
let served: Doc;
appSuite({
  seed: false,
  setup: async (suite) => {
    const answer = await request(suite.url, 'GET', '/api/v1/openapi.json');
    assert.equal(answer.status, 200);
    served = answer.body as Doc;
    dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  },
});
after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Finding {
  rule: string;
  where: string;
  message: string;
}

/** Writes `doc` to a file and runs a linter on it; exit codes are ignored, the findings decide. */
async function lintFile(
  doc: unknown,
  name: string,
  command: string,
  args: (file: string) => string[],
): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(doc, null, 2));
  const { stdout } = await run(path.join(BIN, command), args(file), {
    cwd: ROOT,
    env: QUIET,
    maxBuffer: 64 * 1024 * 1024,
  }).catch(
    // A linter that found problems exits non-zero; one that could not start has no exit code.
    (failure: { code?: unknown; stdout?: string; stderr?: string; message?: string }) => {
      if (typeof failure.code !== 'number')
        throw new Error(`${command} did not run: ${failure.stderr || failure.message}`);
      return { stdout: failure.stdout ?? '' };
    },
  );
  return stdout;
}

async function redocly(doc: unknown, name: string): Promise<Finding[]> {
  const out = await lintFile(doc, name, 'redocly', (file) => [
    'lint',
    file,
    '--config',
    'redocly.yaml',
    '--format=json',
  ]);
  const report = JSON.parse(out.slice(out.indexOf('{'))) as {
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  return report.problems.map((p) => ({ rule: p.ruleId, where: p.location[0]?.pointer ?? '', message: p.message }));
}

async function spectral(doc: unknown, name: string): Promise<Finding[]> {
  // Severity 0 is an error, 1 a warning; hints and information are not findings.
  const report = path.join(dir, `${name}.spectral.json`);
  await lintFile(doc, name, 'spectral', (file) => [
    'lint',
    file,
    '--ruleset',
    '.spectral.yaml',
    '--format',
    'json',
    '--output',
    report,
    '--fail-severity',
    'warn',
  ]);
  const results = JSON.parse(await readFile(report, 'utf8')) as {
    code: string;
    message: string;
    path: string[];
    severity: number;
  }[];
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({ rule: r.code, where: r.path.join('/'), message: r.message }));
}

/** A copy of the served document with what the issue found missing taken away again. */
function brokenCopy(): Doc {
  const broken = structuredClone(served);
  delete broken.info.license;
  delete broken.paths['/auth/admin/login']!.post!.security;
  const complete = broken.components.schemas.PasswordResetCompleteRequest!.properties;
  delete complete.password!.maxLength;
  delete broken.paths['/auth/admin/me']!.get!.responses['401'];
  return broken;
}

test('Redocly (recommended rules) finds no error and no warning in the served document', async () => {
  const [findings, brokenFindings] = await Promise.all([
    redocly(served, 'served.json'),
    redocly(brokenCopy(), 'broken.json'),
  ]);
  assert.deepEqual(findings, []);
  const rules = new Set(brokenFindings.map((f) => f.rule));
  for (const rule of ['info-license', 'security-defined'])
    assert.ok(rules.has(rule), `Redocly reports ${rule} on the broken copy: ${[...rules].join(', ')}`);
});

test('Spectral (OWASP API Security ruleset) finds no error and no warning in the served document', async () => {
  const [findings, brokenFindings] = await Promise.all([
    spectral(served, 'served.json'),
    spectral(brokenCopy(), 'broken.json'),
  ]);
  assert.deepEqual(findings, []);
  const rules = new Set(brokenFindings.map((f) => f.rule));
  for (const rule of ['input-string-limit', 'secured-operations-describe-401']) {
    assert.ok(rules.has(rule), `Spectral reports ${rule} on the broken copy: ${[...rules].join(', ')}`);
  }
});

test("every operation states its security: none for the public routes of the table, the bearer, terminal or client scheme for the rest, the bearer or the body's mfa_token for enrolment", () => {
  const SECURITY = {
    bearer: [{ bearerAuth: [] }],
    bearer_or_mfa_token: [{ bearerAuth: [] }, {}],
    terminal: [{ terminalToken: [] }],
    client: [{ clientBasic: [] }],
    none: [],
  };
  for (const { route } of NAMED_ROUTES) {
    for (const method of route.methods) {
      const op = served.paths[route.path]?.[method.toLowerCase()];
      assert.ok(op && Array.isArray(op.security), `${method} ${route.path} states its security`);
      assert.deepEqual(op.security, SECURITY[route.auth], `${method} ${route.path}`);
    }
  }
});

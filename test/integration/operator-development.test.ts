// The operator commands beside a development start: with nothing set, as the guide runs them, they find
// the start's data and secrets in DATA_DIR and take its rules; given NODE_ENV they keep production's.
// The scale seed signs nothing and asks for no signing secret.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { appEnv, ROOT, startApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { createTestDatabase } from '../support/databases';
import { post } from '../support/http';
import { runCli } from '../support/operator-cli';
import { introspect } from '../support/service-calls';

/** What a reader of the guide has: no NODE_ENV, no secrets; only the test's own DATA_DIR. */
const NOTHING_SET = {
  NODE_ENV: undefined,
  JWT_ACCESS_SECRET: undefined,
  JWT_REFRESH_SECRET: undefined,
  MFA_ENCRYPTION_KEY: undefined,
  DEMO_ACCOUNTS: undefined,
};

const { db } = appSuite({ instances: 0, seed: false });

test("service:create, as the guide runs it, works against the development start and its client introspects the start's tokens", async () => {
  const app = await startApp(db, NOTHING_SET, undefined, ['--development']);
  try {
    const demo = /Demo accounts created \(shown once\):\n([\s\S]*?\n\})/.exec(app.output.join('\n'));
    assert.ok(demo, app.output.join('\n'));
    const { admin } = JSON.parse(demo[1]!) as { admin: { email: string; password: string } };
    const secretsFile = path.join(db.dataDir, 'dev-secrets.json');
    const secretsBefore = readFileSync(secretsFile, 'utf8');

    // Regression: it failed with "JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required".
    const created = await runCli(db, ['service:create', '--name', 'orders'], undefined, NOTHING_SET);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.json.client_id, /^svc_/);
    assert.match(created.stderr, /development rules: using the development start's secrets in .*dev-secrets\.json/);
    assert.equal(readFileSync(secretsFile, 'utf8'), secretsBefore, "the start's secrets are read, not replaced");

    const signedIn = await post(app.url, '/api/v1/auth/admin/login', { email: admin.email, password: admin.password });
    assert.equal(signedIn.status, 200, signedIn.text);
    const answer = await introspect(app.url, created.json, signedIn.body.access_token);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.active, true);
  } finally {
    await app.stop();
  }
});

test("an operator command given NODE_ENV=production keeps production rules beside a development start's data", async () => {
  const refused = await runCli(db, ['service:create', '--name', 'billing'], undefined, {
    ...NOTHING_SET,
    NODE_ENV: 'production',
  });
  assert.equal(refused.code, 2, refused.stdout);
  assert.match(refused.stderr, /JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required/);
});

test("an operator command with no development start's data keeps production rules", async () => {
  const empty = await createTestDatabase();
  try {
    const refused = await runCli(empty, ['service:create', '--name', 'billing'], undefined, NOTHING_SET);
    assert.equal(refused.code, 2, refused.stdout);
    assert.match(refused.stderr, /JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required/);
  } finally {
    await empty.drop?.();
  }
});

// Regression: `npm run db:seed-scale` exited 1 asking for JWT_ACCESS_SECRET and JWT_REFRESH_SECRET.
test('db:seed-scale under production rules needs only the database', async () => {
  const empty = await createTestDatabase();
  try {
    const seeded = spawnSync('npm', ['run', '-s', 'db:seed-scale', '--', '--customers', '200'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: appEnv(empty, { ...NOTHING_SET, NODE_ENV: 'production' }) as unknown as NodeJS.ProcessEnv,
    });
    assert.equal(seeded.status, 0, seeded.stderr);
    assert.match(seeded.stdout + seeded.stderr, /200/);
  } finally {
    await empty.drop?.();
  }
});

// Start-up fails closed: without NODE_ENV the server applies production rules and refuses to start
// without secrets; only the explicit development start (npm run start:dev) generates secrets and
// creates demo accounts, on a fresh clone with no configuration.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApp, startExpectingExit } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { post } from '../support/http';

/** No NODE_ENV, no secrets, no demo setting: what an operator who forgot them runs. */
const UNCONFIGURED = { NODE_ENV: undefined, JWT_ACCESS_SECRET: undefined, JWT_REFRESH_SECRET: undefined, DEMO_ACCOUNTS: undefined };

// A database only: every test starts (or fails to start) the app itself.
const { db } = appSuite({ instances: 0, seed: false });

// Regression: `npm start` without NODE_ENV ran development rules (generated secrets on disk, a
// demo super admin with its password printed, codes in the log).
test('npm start without NODE_ENV or secrets refuses to start, naming both variables', async () => {
  const result = await startExpectingExit(db, UNCONFIGURED);
  assert.equal(result.code, 1, result.output);
  assert.match(result.output, /Cannot start: JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required/);
  assert.doesNotMatch(result.output, /Demo accounts/);
});

test('npm start without NODE_ENV refuses secrets shorter than 32 bytes', async () => {
  const result = await startExpectingExit(db, { ...UNCONFIGURED, JWT_ACCESS_SECRET: 'short-access', JWT_REFRESH_SECRET: 'short-refresh' });
  assert.equal(result.code, 1, result.output);
  assert.match(result.output, /JWT_ACCESS_SECRET must be at least 32 bytes/);
});

test('the explicit development start runs with no configuration: generated secrets and demo accounts that sign in', { skip: process.env.TEST_DB === 'postgresql' ? 'the quick start runs on the embedded database' : false }, async () => {
  const app = await startApp(db, UNCONFIGURED, undefined, ['--development']);
  try {
    const printed = app.output.join('\n');
    assert.match(printed, /development secrets/i, 'says it uses generated secrets');
    const demo = /Demo accounts created \(shown once\):\n([\s\S]*?\n\})/.exec(printed);
    assert.ok(demo, `demo accounts were printed:\n${printed}`);
    const accounts = JSON.parse(demo[1]!) as { admin: { email: string; password: string } };
    const res = await post(app.url, '/api/v1/auth/admin/login', { email: accounts.admin.email, password: accounts.admin.password });
    assert.equal(res.status, 200, res.text);
  } finally {
    await app.stop();
  }
});

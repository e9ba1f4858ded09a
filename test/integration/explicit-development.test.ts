// Start-up fails closed: without NODE_ENV the server applies production rules and refuses to start
// without secrets; only the explicit development start (npm run start:dev) generates secrets and
// creates demo accounts, on a fresh clone with no configuration.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApp, startExpectingExit } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { post } from '../support/http';

/** No NODE_ENV, no secrets, no demo setting: what an operator who forgot them runs. */
const UNCONFIGURED = {
  NODE_ENV: undefined,
  JWT_ACCESS_SECRET: undefined,
  JWT_REFRESH_SECRET: undefined,
  DEMO_ACCOUNTS: undefined,
};

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
  const result = await startExpectingExit(db, {
    ...UNCONFIGURED,
    JWT_ACCESS_SECRET: 'short-access',
    JWT_REFRESH_SECRET: 'short-refresh',
  });
  assert.equal(result.code, 1, result.output);
  assert.match(result.output, /JWT_ACCESS_SECRET must be at least 32 bytes/);
});

// What the quick start leaves to its defaults: the interface and the drain delay.
const QUICK_START = { ...UNCONFIGURED, HOST: undefined, SHUTDOWN_DELAY: undefined };

test(
  'the explicit development start runs with no configuration: generated secrets and demo accounts that sign in',
  { skip: process.env.TEST_DB === 'postgresql' ? 'the quick start runs on the embedded database' : false },
  async () => {
    const app = await startApp(db, QUICK_START, undefined, ['--development']);
    try {
      const printed = app.output.join('\n');
      // Regression: the notices were printed twice (by the start script and by the route handlers).
      assert.equal(
        printed.match(/development secrets/gi)?.length,
        1,
        `says once that it uses generated secrets:\n${printed}`,
      );
      // Regression: it listened on every interface while holding demo accounts whose passwords it printed.
      assert.match(printed, /ready on http:\/\/127\.0\.0\.1:/, 'listens on loopback only');
      const demo = /Demo accounts created \(shown once\):\n([\s\S]*?\n\})/.exec(printed);
      assert.ok(demo, `demo accounts were printed:\n${printed}`);
      const accounts = JSON.parse(demo[1]!) as { admin: { email: string; password: string } };
      const res = await post(app.url, '/api/v1/auth/admin/login', {
        email: accounts.admin.email,
        password: accounts.admin.password,
      });
      assert.equal(res.status, 200, res.text);
    } finally {
      await app.stop('SIGINT');
    }
    // Regression: Ctrl-C waited for a load balancer's drain delay that a development start has not.
    assert.match(app.output.join('\n'), /SIGINT: readiness is 503; serving for 0s more/);

    // Regression: a second start on the same data said nothing of the demo accounts.
    const again = await startApp(db, QUICK_START, undefined, ['--development']);
    await again.stop();
    const printedAgain = again.output.join('\n');
    assert.doesNotMatch(printedAgain, /Demo accounts created/);
    assert.match(
      printedAgain,
      /No demo accounts created: this database has an admin already\. Demo passwords are printed only at the start that creates them/,
    );
  },
);

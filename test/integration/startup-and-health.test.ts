// Start-up checks that stop the app with a message naming the problem, and health during an outage.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { freePort, startApp, startExpectingExit } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { get } from '../support/http';

// Only a database: each test starts (or fails to start) the app itself.
const { db } = appSuite({ instances: 0, seed: false });

test('production refuses to start with missing, short or equal secrets, or an unparsable duration', async () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ JWT_ACCESS_SECRET: '' }, /JWT_ACCESS_SECRET is required/],
    [{ JWT_REFRESH_SECRET: 'too-short' }, /JWT_REFRESH_SECRET must be at least 32 bytes/],
    [
      {
        JWT_ACCESS_SECRET: 'same-secret-for-both-0123456789abcdef',
        JWT_REFRESH_SECRET: 'same-secret-for-both-0123456789abcdef',
      },
      /must be different/,
    ],
    [{ JWT_REFRESH_EXPIRES: 'a week' }, /JWT_REFRESH_EXPIRES/],
    [{ BCRYPT_ROUNDS: 'many' }, /BCRYPT_ROUNDS/],
  ];
  const results = await Promise.all(cases.map(([env]) => startExpectingExit(db, { NODE_ENV: 'production', ...env })));
  results.forEach((result, i) => {
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, cases[i]![1]);
    assert.match(result.output, /Cannot start/);
  });
});

// Regression: without APP_URL passkeys worked only at http://localhost:3000, failing elsewhere with
// a message that named no address; a production start now says what to set instead.
test('production refuses to start without APP_URL, naming it', async () => {
  const result = await startExpectingExit(db, { NODE_ENV: 'production', APP_URL: undefined });
  assert.equal(result.code, 1, result.output);
  assert.match(result.output, /Cannot start: APP_URL is required: the public origin of the app/);
});

test('an unreachable database stops start-up with a clear message and no credentials', async () => {
  const closed = await freePort();
  const result = await startExpectingExit(db, {
    DATABASE_URL: `postgres://operator:hunter2-secret@127.0.0.1:${closed}/auth`,
    DATABASE_TIMEOUT: '2s',
  });
  assert.equal(result.code, 1);
  assert.match(
    result.output,
    new RegExp(`Cannot reach or migrate the database \\(PostgreSQL at 127\\.0\\.0\\.1:${closed}/auth\\)`),
  );
  assert.doesNotMatch(result.output, /hunter2/);
});

test(
  'health is 503 while PostgreSQL refuses connections and 200 again when it is back, without a restart',
  { skip: process.env.TEST_DB !== 'postgresql' ? 'an embedded SQLite file has no outage to simulate' : false },
  async () => {
    const app = await startApp(db, { DATABASE_TIMEOUT: '2s' });
    const name = new URL(db.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    });
    await admin.connect();
    try {
      assert.equal((await get(app.url, '/api/v1/health')).status, 200);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      const down = await get(app.url, '/api/v1/health');
      assert.equal(down.status, 503);
      assert.deepEqual(down.body, { status: 'unavailable' });
      assert.equal((await get(app.url, '/api/v1/health/ready')).status, 503, 'readiness is the same probe');
      assert.equal((await get(app.url, '/api/v1/health/live')).status, 200, 'the process itself still serves');
      const login = await fetch(`${app.url}/api/v1/auth/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', password: 'whatever-1' }),
      });
      assert.equal(login.status, 503, 'a request needing the database says to retry');
      assert.equal(login.headers.get('content-type'), 'application/problem+json');
      assert.equal(login.headers.get('retry-after'), '5');
      assert.equal((await login.json()).code, 'unavailable');

      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await get(app.url, '/api/v1/health')).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(status, 200);
      assert.equal(app.process.exitCode, null, 'the same process, still running');
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await app.stop();
    }
  },
);

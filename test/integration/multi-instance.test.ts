// Two app processes on one database behave as one: a password reset may hop between them, rate
// limits and code attempts count across both, and refresh-token reuse is seen by either.
// On PostgreSQL that is the production set-up; on SQLite both processes share one DATA_DIR file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Role } from '@/contract/auth-schemas';
import type { RunningApp } from '../support/app-process';
import { PASSWORDS, seedAccounts } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { get, post, type Answer } from '../support/http';
import { login as loginAnswer } from '../support/sign-in';

const GRACE_SECONDS = 1;
let a: RunningApp;
let b: RunningApp;

// Both started together on an empty database: both run the start-up migrations at once.
const suite = appSuite({
  smtp: true,
  instances: 2,
  migrated: false,
  env: {
    JWT_REFRESH_REUSE_GRACE: `${GRACE_SECONDS}s`,
    RATE_LIMIT_LOGIN_WINDOW: '36500d',
    RATE_LIMIT_RESET_WINDOW: '36500d',
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '10',
    RATE_LIMIT_LOGIN_PER_IDENTITY: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_RESET_PER_IDENTITY: '5',
    RATE_LIMIT_RESET_PER_IP: '1000',
  },
  setup({ instances }) {
    [a, b] = instances as [RunningApp, RunningApp];
  },
});
const { db, seed, mail: smtp } = suite;

const login = (app: RunningApp, role: Role, email: string, password: string) =>
  loginAnswer(app.url, role, email, password);
const refresh = (app: RunningApp, token: string) =>
  post(app.url, '/api/v1/auth/vendor/refresh', { refresh_token: token });
const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((t, x) => ({ ...t, [x.status]: (t[x.status] ?? 0) + 1 }), {});

async function requestCode(app: RunningApp, role: 'admin' | 'vendor', email: string, type: string) {
  const since = smtp.messages.length;
  assert.equal(
    (await post(app.url, `/api/v1/auth/${role}/password-reset`, { email, [`${role}_type`]: type })).status,
    200,
  );
  return (await smtp.waitFor(email, { since, withCode: true })).code!;
}

test('both instances started on one fresh database, and one of them applied the migrations', () => {
  const applied = [a, b].map((app) => app.output.some((l) => /"event":"migrations".*"applied":\["/.test(l)));
  assert.deepEqual(applied.sort(), [false, true]);
});

test('step 1 on A, step 2 on B, step 3 on A: the new password works on both, old sessions die on both', async () => {
  const { email } = seed.employee;
  const before = (await login(b, 'vendor', email, PASSWORDS.employee)).body;
  const code = await requestCode(a, 'vendor', email, 'employee');
  const verified = await post(b.url, '/api/v1/auth/vendor/password-reset/verify', {
    email,
    vendor_type: 'employee',
    code,
  });
  assert.equal(verified.status, 200);
  const password = 'hopped-between-instances-7Qx!';
  const done = await post(a.url, '/api/v1/auth/vendor/password-reset/complete', {
    reset_token: verified.body.reset_token,
    password,
  });
  assert.equal(done.status, 200);

  assert.equal((await login(b, 'vendor', email, password)).status, 200, 'B knows the new password');
  assert.equal((await login(a, 'vendor', email, PASSWORDS.employee)).status, 401, 'A forgot the old one');
  assert.equal(
    (await get(b.url, '/api/v1/auth/vendor/me', before.access_token)).status,
    401,
    "B refuses an access token from before A's reset",
  );
  assert.equal((await refresh(a, before.refresh_token)).status, 401, 'the session B opened is revoked');
  const again = await post(b.url, '/api/v1/auth/vendor/password-reset/complete', {
    reset_token: verified.body.reset_token,
    password: 'another-password-8Wz!',
  });
  assert.equal(again.status, 401, 'the reset token A spent is spent on B');
  assert.equal(
    (await post(a.url, '/api/v1/auth/vendor/password-reset/verify', { email, vendor_type: 'employee', code })).status,
    401,
    'the code B spent is spent on A',
  );
});

test('30 parallel wrong passwords spread over A and B with a limit of 10: exactly 10 answered 401', async () => {
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => login(i % 2 ? a : b, 'admin', seed.limited.email, 'wrong-password')),
  );
  assert.deepEqual(tally(answers), { 401: 10, 429: 20 });
  assert.equal((await login(a, 'admin', seed.limited.email, PASSWORDS.limited)).status, 429);
  assert.equal((await login(b, 'admin', seed.limited.email, PASSWORDS.limited)).status, 429);
});

test('regression: 40 parallel right passwords spread over A and B with a limit of 10: all 200, none 429 for attempts in flight', async () => {
  const { owner } = await seedAccounts(db, 'burst');
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => login(i % 2 ? a : b, 'vendor', owner.email, PASSWORDS.owner)),
  );
  assert.deepEqual(tally(answers), { 200: 40 });
});

test('wrong codes count across instances: 3 on A and 2 on B spend the code', async () => {
  const { email } = seed.admin;
  const code = await requestCode(b, 'admin', email, 'super_admin');
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const verify = (app: RunningApp, c: string) =>
    post(app.url, '/api/v1/auth/admin/password-reset/verify', { email, admin_type: 'super_admin', code: c });
  for (const app of [a, a, a, b, b]) assert.equal((await verify(app, wrong)).status, 401);
  assert.equal((await verify(a, code)).status, 401, 'the sixth attempt, right or not, is refused');
});

test('step-1 limits count across instances: 3 requests on A and 3 on B mail exactly 5 codes', async () => {
  const { email } = seed.owner;
  const marks = [a.output.length, b.output.length];
  const since = smtp.messages.length;
  for (const app of [a, b, a, b, a, b])
    assert.equal(
      (await post(app.url, '/api/v1/auth/vendor/password-reset', { email, vendor_type: 'owner' })).status,
      200,
    );
  const handled = () =>
    [a, b].reduce(
      (n, app, i) => n + app.output.slice(marks[i]).filter((l) => /password_reset_(limited|mail_sent)/.test(l)).length,
      0,
    );
  for (const deadline = Date.now() + 15_000; handled() < 6 && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 50));
  assert.equal(handled(), 6);
  assert.equal(smtp.messages.slice(since).filter((m) => m.to.includes(email)).length, 5);
});

test('a refresh token rotated on A gets the same successor on B within the grace, and is reuse on B after it', async () => {
  const pair = (await login(a, 'vendor', seed.owner.email, PASSWORDS.owner)).body;
  const first = await refresh(a, pair.refresh_token);
  assert.equal(first.status, 200);
  const retry = await refresh(b, pair.refresh_token);
  assert.equal(retry.status, 200);
  assert.equal(retry.body.refresh_token, first.body.refresh_token, 'B hands out the successor A issued');

  await new Promise((r) => setTimeout(r, GRACE_SECONDS * 1000 + 500));
  const reuse = await refresh(b, pair.refresh_token);
  assert.equal(reuse.status, 401);
  assert.equal(reuse.body.code, 'invalid_refresh_token');
  assert.ok(
    b.output.some((l) => l.includes('refresh_token_reuse')),
    'B logged the reuse',
  );
  assert.equal(
    (await refresh(a, first.body.refresh_token)).status,
    401,
    'A refuses the successor: the family is revoked',
  );
});

test('a logout on B ends the session on A', async () => {
  const pair = (await login(a, 'vendor', seed.owner.email, PASSWORDS.owner)).body;
  assert.equal((await post(b.url, '/api/v1/auth/vendor/logout', { refresh_token: pair.refresh_token })).status, 204);
  assert.equal((await refresh(a, pair.refresh_token)).status, 401);
});

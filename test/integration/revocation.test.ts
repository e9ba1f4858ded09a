// Ending a session, signing out, disabling an account and changing its password refuse the access
// tokens concerned on the very next request of the instance that did it, within a second on another
// instance, and within a second after the operator CLI disabled the account. Every instance is
// warmed first, so the cache of the token routes holds the answers that must be dropped; the same
// holds for the second factors a profile shows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunningApp } from '../support/app-process';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { get, post, request } from '../support/http';
import { runCli } from '../support/operator-cli';
import { signIn } from '../support/sign-in';
import { enrolTotp } from '../support/totp';
import { decodePayload, forge } from '../support/tokens';

let a: RunningApp;
let b: RunningApp;
const suite = appSuite({
  smtp: true,
  instances: 2,
  env: {
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IDENTITY: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  },
  setup({ instances }) {
    [a, b] = instances as [RunningApp, RunningApp];
  },
});
const { seed, db, mail } = suite;

/** The bound the contract promises across instances; the assertion allows slack for a loaded machine. */
const ACROSS_INSTANCES_MS = 1000;
const GENEROUS_MS = 3 * ACROSS_INSTANCES_MS;

const me = (app: RunningApp, token: string) => get(app.url, '/api/v1/auth/vendor/me', token);
const context = (app: RunningApp, token: string) => get(app.url, '/api/v1/auth/vendor/context', token);

/** Both instances answer the token (twice, so the second answer may come from memory). */
async function warm(token: string) {
  for (const app of [a, b, a, b]) {
    assert.equal((await me(app, token)).status, 200);
    assert.equal((await context(app, token)).status, 200);
  }
}

/** Milliseconds until `app` refuses the token; fails when it never does within ten times the bound. */
async function msUntilRefused(app: RunningApp, token: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = (await me(app, token)).status;
    const elapsed = performance.now() - started;
    if (status === 401) return elapsed;
    assert.equal(status, 200);
    assert.ok(elapsed < 10 * ACROSS_INSTANCES_MS, `still accepted after ${Math.round(elapsed)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function assertRefusedEverywhere(token: string) {
  assert.equal((await me(a, token)).status, 401, 'the very next request on the instance that made the change');
  assert.equal((await context(a, token)).status, 401);
  const elapsed = await msUntilRefused(b, token);
  assert.ok(elapsed < GENEROUS_MS, `the other instance refused it after ${Math.round(elapsed)} ms`);
  assert.equal((await context(b, token)).status, 401);
}

const employeeSignIn = (password = PASSWORDS.employee) => signIn(a.url, 'vendor', seed.employee.email, password);

test('an access token names its session (sid), the family its refresh token belongs to', async () => {
  const pair = await employeeSignIn();
  const sid = decodePayload(pair.access_token).sid;
  assert.equal(typeof sid, 'string');
  assert.equal(sid, decodePayload(pair.refresh_token).fam);
});

test('logout refuses that session’s access token at once, and on the other instance within a second; other sessions live on', async () => {
  const [ended, other] = [await employeeSignIn(), await employeeSignIn()];
  await warm(ended.access_token);
  await warm(other.access_token);
  assert.equal((await post(a.url, '/api/v1/auth/vendor/logout', { refresh_token: ended.refresh_token })).status, 204);
  await assertRefusedEverywhere(ended.access_token);
  assert.equal((await me(a, other.access_token)).status, 200, 'only the ended session is refused');
  assert.equal((await me(b, other.access_token)).status, 200);
});

test('DELETE of a session refuses its access token at once, and on the other instance within a second', async () => {
  const [ended, caller] = [await employeeSignIn(), await employeeSignIn()];
  await warm(ended.access_token);
  const sid = decodePayload(ended.access_token).sid as string;
  assert.equal(
    (await request(a.url, 'DELETE', `/api/v1/auth/vendor/sessions/${sid}`, { token: caller.access_token })).status,
    204,
  );
  await assertRefusedEverywhere(ended.access_token);
  assert.equal((await me(b, caller.access_token)).status, 200);
});

test('a refreshed token of a live session stays good, and ends with its session', async () => {
  const first = await employeeSignIn();
  const next = (await post(b.url, '/api/v1/auth/vendor/refresh', { refresh_token: first.refresh_token })).body;
  assert.equal(decodePayload(next.access_token).sid, decodePayload(first.access_token).sid);
  await warm(next.access_token);
  assert.equal((await post(a.url, '/api/v1/auth/vendor/logout', { refresh_token: next.refresh_token })).status, 204);
  await assertRefusedEverywhere(next.access_token);
  await assertRefusedEverywhere(first.access_token);
});

test('changing one’s password refuses every earlier access token at once, and on the other instance within a second', async () => {
  const before = await employeeSignIn();
  await warm(before.access_token);
  const password = 'changed-on-a-Yq8!';
  const changed = await request(a.url, 'POST', '/api/v1/auth/vendor/password', {
    token: before.access_token,
    json: { current_password: PASSWORDS.employee, new_password: password },
  });
  assert.equal(changed.status, 200, changed.text);
  await assertRefusedEverywhere(before.access_token);
  assert.equal((await me(b, changed.body.access_token)).status, 200, 'the new pair works everywhere');
  const back = await request(a.url, 'POST', '/api/v1/auth/vendor/password', {
    token: changed.body.access_token,
    json: { current_password: password, new_password: PASSWORDS.employee },
  });
  assert.equal(back.status, 200, back.text);
});

test('completing a password reset refuses every earlier access token at once, and on the other instance within a second', async () => {
  const before = await employeeSignIn();
  await warm(before.access_token);
  const who = { email: seed.employee.email, vendor_type: 'employee' };
  const since = mail.messages.length;
  assert.equal((await post(a.url, '/api/v1/auth/vendor/password-reset', who)).status, 200);
  const { code } = await mail.waitFor(who.email, { since, withCode: true });
  const verified = await post(a.url, '/api/v1/auth/vendor/password-reset/verify', { ...who, code });
  assert.equal(verified.status, 200, verified.text);
  const done = await post(a.url, '/api/v1/auth/vendor/password-reset/complete', {
    reset_token: verified.body.reset_token,
    password: PASSWORDS.employee,
  });
  assert.equal(done.status, 200, done.text);
  await assertRefusedEverywhere(before.access_token);
});

test('disabling an account refuses its access tokens at once, and on the other instance within a second', async () => {
  const owner = await signIn(a.url, 'vendor', seed.owner.email, PASSWORDS.owner);
  const employee = await employeeSignIn();
  await warm(employee.access_token);
  const path = `/api/v1/vendor/accounts/${seed.employee.id}`;
  assert.equal((await request(a.url, 'POST', `${path}/disable`, { token: owner.access_token })).status, 200);
  await assertRefusedEverywhere(employee.access_token);
  assert.equal((await request(b.url, 'POST', `${path}/enable`, { token: owner.access_token })).status, 200);
  const again = await signIn(b.url, 'vendor', seed.employee.email, PASSWORDS.employee);
  assert.equal((await me(a, again.access_token)).status, 200, 'enabling again is seen on the other instance');
});

test('a disable by the operator CLI is refused on every instance within a second', async () => {
  const employee = await employeeSignIn();
  await warm(employee.access_token);
  const disabled = await runCli(db, ['account:disable', '--role', 'vendor', '--email', seed.employee.email]);
  assert.equal(disabled.code, 0, disabled.stderr);
  for (const app of [a, b]) {
    const elapsed = await msUntilRefused(app, employee.access_token);
    assert.ok(elapsed < GENEROUS_MS, `refused after ${Math.round(elapsed)} ms`);
  }
  assert.equal((await runCli(db, ['account:enable', '--role', 'vendor', '--email', seed.employee.email])).code, 0);
});

test('a token without sid (issued before the claim existed) answers to the account rules until it expires', async () => {
  const owner = await signIn(a.url, 'vendor', seed.owner.email, PASSWORDS.owner);
  const claims = decodePayload(owner.access_token);
  delete claims.sid;
  const old = await forge(claims, { iat: claims.iat as number, exp: claims.exp as number });
  assert.equal((await me(a, old)).status, 200, 'still accepted');
  assert.equal((await post(a.url, '/api/v1/auth/vendor/logout', { refresh_token: owner.refresh_token })).status, 204);
  assert.equal((await me(a, old)).status, 200, 'no session to end: it lives until it expires');
  const { sid: _, ...withEmptySid } = decodePayload(owner.access_token);
  assert.equal(
    (await me(a, await forge({ ...withEmptySid, sid: 42 }))).status,
    401,
    'a sid that is not a string is refused',
  );
});

test('the second factors a profile shows change at once on the instance that changed them, and within a second on the other', async () => {
  const { access_token: token } = await signIn(a.url, 'admin', seed.admin.email, PASSWORDS.admin);
  const totpShown = async (app: RunningApp) => {
    const answer = await get(app.url, '/api/v1/auth/admin/me', token);
    assert.equal(answer.status, 200, answer.text);
    return answer.body.admin.mfa.totp as boolean;
  };
  const msUntilShown = async (app: RunningApp, expected: boolean) => {
    const started = performance.now();
    while ((await totpShown(app)) !== expected) {
      assert.ok(performance.now() - started < GENEROUS_MS, `${app.url} still shows totp ${!expected}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  for (const app of [a, b, a, b]) assert.equal(await totpShown(app), false); // kept in both caches

  await enrolTotp(a.url, 'admin', token);
  assert.equal(await totpShown(a), true, 'the very next request on the instance that enrolled');
  await msUntilShown(b, true);

  const removed = await request(b.url, 'DELETE', '/api/v1/auth/admin/mfa/totp', {
    token,
    json: { password: PASSWORDS.admin },
  });
  assert.equal(removed.status, 204, removed.text);
  assert.equal(await totpShown(b), false, 'the very next request on the instance that removed it');
  await msUntilShown(a, false);
});

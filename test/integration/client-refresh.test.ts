// Refresh-on-401 of the typed client against the running app with 5-second access tokens: one
// refresh for many concurrent 401s, none for password-reset 401s, and a clean end for a dead session.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAuthClient, isAuthClientError, memoryTokenStore, type FetchLike, type SessionExpired } from '@/client';
import { PASSWORDS } from '../support/accounts';
import { started } from '../support/sign-in';
import { appSuite } from '../support/app-suite';
import { post } from '../support/http';

// Long enough that the refreshed token outlives the retries on a loaded machine: with 2 s, 25
// retries spread over more than 2 s met an expired successor and rightly refreshed again.
const ACCESS_SECONDS = 5;
const app = appSuite({ env: { JWT_ACCESS_EXPIRES: `${ACCESS_SECONDS}s` } });
const { seed } = app;

/** A real fetch that records each exchange as "METHOD /path STATUS"; `holdBack` may delay an answer. */
function recordingFetch(holdBack?: (path: string, status: number, exchanges: string[]) => Promise<void> | undefined) {
  const exchanges: string[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    await holdBack?.(new URL(url).pathname, response.status, exchanges);
    exchanges.push(`${init.method} ${new URL(url).pathname.replace('/api/v1', '')} ${response.status}`);
    return response;
  };
  const count = (pattern: RegExp) => exchanges.filter((e) => pattern.test(e)).length;
  return { exchanges, fetchImpl, count };
}

function signedInClient(holdBack?: Parameters<typeof recordingFetch>[0]) {
  const recorder = recordingFetch(holdBack);
  const expired: SessionExpired[] = [];
  const store = memoryTokenStore();
  const client = createAuthClient({
    baseUrl: app.url,
    fetch: recorder.fetchImpl,
    tokenStore: store,
    onSessionExpired: (e) => expired.push(e),
  });
  return { client, store, expired, ...recorder };
}

/** Until the access token of a login made now has expired (JWT times are whole seconds). */
const waitForExpiry = () => new Promise((resolve) => setTimeout(resolve, (ACCESS_SECONDS + 1.2) * 1000));

test('25 parallel calls after expiry: one refresh request, 25 successes', async () => {
  const { client, count, exchanges } = signedInClient();
  await client.vendor.login({ email: seed.owner.email, password: PASSWORDS.owner });
  await waitForExpiry();

  const results = await Promise.all(Array.from({ length: 25 }, () => client.vendor.me()));

  assert.deepEqual(
    results.map((r) => r.vendor.email),
    Array(25).fill(seed.owner.email),
  );
  assert.equal(count(/refresh/), 1, `one refresh request:\n${exchanges.join('\n')}`);
  assert.equal(count(/^POST \/auth\/vendor\/refresh 200$/), 1);
  assert.equal(count(/^GET \/auth\/vendor\/me 401$/), 25, 'every call met the expired token');
  assert.equal(count(/^GET \/auth\/vendor\/me 200$/), 25, 'each was retried once with the new token');

  // The next call after a settled refresh uses the stored new token: no further refresh.
  await client.vendor.context();
  assert.equal(count(/refresh/), 1);
});

test('a 401 that arrives after the refresh finished reuses the new token instead of refreshing again', async () => {
  // The context call's 401 is held back (a slow network) until the /me call has refreshed and retried.
  const { client, exchanges } = signedInClient(async (path, status, seen) => {
    if (!path.endsWith('/context') || status !== 401) return;
    for (let i = 0; i < 500 && !seen.includes('GET /auth/vendor/me 200'); i += 1)
      await new Promise((r) => setTimeout(r, 10));
  });
  await client.vendor.login({ email: seed.owner.email, password: PASSWORDS.owner });
  await waitForExpiry();
  const [me, context] = await Promise.all([client.vendor.me(), client.vendor.context()]);
  assert.equal(me.vendor.email, seed.owner.email);
  assert.equal(context.user.email, seed.owner.email);
  assert.deepEqual(
    exchanges.slice(1),
    [
      'GET /auth/vendor/me 401',
      'POST /auth/vendor/refresh 200',
      'GET /auth/vendor/me 200',
      'GET /auth/vendor/context 401',
      'GET /auth/vendor/context 200',
    ],
    'the late 401 retried with the stored new token',
  );
});

test('a wrong OTP on verify returns the 401 to the caller and makes no refresh request', async () => {
  const { client, count, exchanges } = signedInClient();
  await client.vendor.login({ email: seed.employee.email, password: PASSWORDS.employee });
  await waitForExpiry(); // a refresh would now be possible, and needed, for a bearer call

  await client.vendor.passwordReset.request({ email: seed.employee.email, vendor_type: 'employee' });
  const wrongCode = await client.vendor.passwordReset
    .verify({ email: seed.employee.email, vendor_type: 'employee', code: '000000' })
    .catch((e: unknown) => e);
  assert.ok(isAuthClientError(wrongCode, 'invalid_code'), String(wrongCode));
  assert.equal(wrongCode.status, 401);

  const spentToken = await client.vendor.passwordReset
    .complete({ reset_token: 'not-a-reset-token', password: 'a-long-new-password-9' })
    .catch((e: unknown) => e);
  assert.ok(isAuthClientError(spentToken, 'invalid_reset_token'), String(spentToken));

  const badLogin = await client.vendor
    .login({ email: seed.employee.email, password: 'wrong-password-1' })
    .catch((e: unknown) => e);
  assert.ok(isAuthClientError(badLogin, 'invalid_credentials'), String(badLogin));

  assert.equal(count(/refresh/), 0, `no refresh request:\n${exchanges.join('\n')}`);
});

test('a revoked refresh token ends in onSessionExpired once, with no retry loop', async () => {
  const { client, store, expired, count, exchanges } = signedInClient();
  const login = started(await client.vendor.login({ email: seed.owner.email, password: PASSWORDS.owner }));
  // Revoked behind the client's back, as another device's sign-out or reuse detection would.
  assert.equal((await post(app.url, '/api/v1/auth/vendor/logout', { refresh_token: login.refresh_token })).status, 204);
  await waitForExpiry();

  const outcomes = await Promise.allSettled([client.vendor.me(), client.vendor.me(), client.vendor.context()]);
  for (const outcome of outcomes) {
    assert.equal(outcome.status, 'rejected');
    assert.ok(isAuthClientError(outcome.reason, 'invalid_refresh_token'), String(outcome.reason));
  }
  assert.equal(expired.length, 1, 'onSessionExpired fires once');
  assert.equal(expired[0]!.role, 'vendor');
  assert.equal(expired[0]!.error.code, 'invalid_refresh_token');
  assert.equal(await store.get('vendor'), null, 'the stored pair is cleared');
  assert.equal(count(/refresh/), 1, `one refresh attempt:\n${exchanges.join('\n')}`);
  assert.equal(count(/ 200$/), 1, 'only the login succeeded: no retries after the refused refresh');

  // Signed out now: a call is a plain 401, with no refresh attempt and no second callback.
  const after = await client.vendor.me().catch((e: unknown) => e);
  assert.ok(isAuthClientError(after, 'invalid_token'), String(after));
  assert.equal(count(/refresh/), 1);
  assert.equal(expired.length, 1);
});

test('the roles keep separate sessions: an admin 401 refreshes on the admin route, once for all its calls', async () => {
  const { client, count } = signedInClient();
  await client.admin.login({ email: seed.admin.email, password: PASSWORDS.admin });
  await client.vendor.login({ email: seed.owner.email, password: PASSWORDS.owner });
  await waitForExpiry();
  const [admin, vendor, admins] = await Promise.all([
    client.admin.me(),
    client.vendor.me(),
    client.admin.listAdmins({ query: { limit: 5 } }),
  ]);
  assert.equal(admin.admin.email, seed.admin.email);
  assert.equal(vendor.vendor.email, seed.owner.email);
  assert.ok(
    admins.items.some((a) => a.email === seed.admin.email),
    'an administration route refreshes on 401 too',
  );
  assert.equal(count(/^POST \/auth\/admin\/refresh 200$/), 1);
  assert.equal(count(/^POST \/auth\/vendor\/refresh 200$/), 1);
});

// The typed client's own password change: a wrong current password is the caller's to see (a
// refresh and retry would count it as a second failed sign-in); the right one stores the new pair.
test('changePassword: a wrong current password is refused without a refresh; the right one keeps the client signed in', async () => {
  const { client, store, count, exchanges } = signedInClient();
  await client.admin.login({ email: seed.limited.email, password: PASSWORDS.limited });
  const before = await store.get('admin');

  const wrong = await client.admin
    .changePassword({ current_password: 'not-the-password-1', new_password: 'a-new-long-password-7' })
    .catch((e: unknown) => e);
  assert.ok(isAuthClientError(wrong, 'invalid_credentials'), String(wrong));
  assert.equal(count(/refresh/), 0, `no refresh:\n${exchanges.join('\n')}`);

  await client.admin.changePassword({ current_password: PASSWORDS.limited, new_password: 'a-new-long-password-7' });
  const after = await store.get('admin');
  assert.notEqual(after?.refresh_token, before?.refresh_token, 'the new pair is stored');
  assert.equal((await client.admin.me()).admin.email, seed.limited.email);
  assert.equal(
    (await post(app.url, '/api/v1/auth/admin/refresh', { refresh_token: before!.refresh_token })).status,
    401,
    'the earlier session ended',
  );
});

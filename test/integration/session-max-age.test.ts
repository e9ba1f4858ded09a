// SESSION_MAX_AGE over HTTP: refreshing keeps a sign-in alive only until its start plus the
// role's maximum age; each role reads its own variable, falling back to SESSION_MAX_AGE.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { signIn } from '../support/sign-in';
import { post } from '../support/http';
import { appSuite } from '../support/app-suite';

const VENDOR_MAX_AGE = 6;
const s = appSuite({
  env: {
    JWT_REFRESH_EXPIRES: '1h',
    JWT_REFRESH_REUSE_GRACE: '1s',
    SESSION_MAX_AGE: '2d',
    SESSION_MAX_AGE_VENDOR: `${VENDOR_MAX_AGE}s`,
  },
});

const expOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Regression: each rotation moved the family's expiry, so a client refreshing often enough stayed
// signed in without end.
test('refreshing never extends a vendor sign-in past its start plus SESSION_MAX_AGE_VENDOR', async () => {
  // The sign-in's own clock is somewhere between the request and the answer (a busy machine may take seconds).
  const sentAt = Math.floor(Date.now() / 1000);
  let pair = await signIn(s.url, 'vendor', s.seed.owner.email, PASSWORDS.owner);
  const answeredAt = Math.ceil(Date.now() / 1000);
  const end = expOf(pair.refresh_token);
  assert.ok(
    end >= sentAt + VENDOR_MAX_AGE && end <= answeredAt + VENDOR_MAX_AGE,
    'the first refresh token ends with the sign-in',
  );
  for (let i = 0; i < 2; i++) {
    await sleep(2000);
    const res = await post(s.url, '/api/v1/auth/vendor/refresh', { refresh_token: pair.refresh_token });
    assert.equal(res.status, 200, res.text);
    pair = res.body;
    assert.ok(expOf(pair.refresh_token) <= end, `refresh ${i + 1} does not move the end`);
  }
  await sleep(Math.max(0, (end + 1) * 1000 - Date.now()));
  const late = await post(s.url, '/api/v1/auth/vendor/refresh', { refresh_token: pair.refresh_token });
  assert.equal(late.status, 401, late.text);
  assert.equal(late.body.code, 'invalid_refresh_token');
});

test('the admin role falls back to SESSION_MAX_AGE: its refresh tokens keep their own lifetime', async () => {
  const pair = await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin);
  const res = await post(s.url, '/api/v1/auth/admin/refresh', { refresh_token: pair.refresh_token });
  assert.equal(res.status, 200, res.text);
  const lifetime = expOf(res.body.refresh_token) - Math.floor(Date.now() / 1000);
  assert.ok(
    lifetime > 3500 && lifetime <= 3600,
    `refresh token lifetime ${lifetime}s is JWT_REFRESH_EXPIRES, under the 2d cap`,
  );
});

test('without a variable of its own, a role takes SESSION_MAX_AGE: an admin sign-in ends with it', async () => {
  const short = await s.start({ ...s.env, SESSION_MAX_AGE: '5s' });
  // The sign-in's clock is between the request and the answer, as in the first test.
  const pair = await signIn(short.url, 'admin', s.seed.admin.email, PASSWORDS.admin);
  const answeredAt = Math.ceil(Date.now() / 1000);
  assert.ok(expOf(pair.refresh_token) <= answeredAt + 5, 'the refresh token ends with the 5-second sign-in');
  const res = await post(short.url, '/api/v1/auth/admin/refresh', { refresh_token: pair.refresh_token });
  assert.equal(res.status, 200, res.text);
  assert.ok(expOf(res.body.refresh_token) <= expOf(pair.refresh_token), 'and a refresh does not move that end');
});

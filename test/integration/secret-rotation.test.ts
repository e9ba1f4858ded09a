// Rotating the JWT secrets without signing anyone out: an instance given the new secrets and the
// previous ones (JWT_*_SECRET_PREVIOUS) accepts tokens signed with the previous secrets until
// JWT_SECRET_PREVIOUS_UNTIL, and refuses them after it; without them it refuses them at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { TEST_SECRETS, type RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { get, post } from '../support/http';
import { signIn as signInAs } from '../support/sign-in';

const NEW_SECRETS = {
  JWT_ACCESS_SECRET: 'rotated-access-secret-0123456789abcdefghijk',
  JWT_REFRESH_SECRET: 'rotated-refresh-secret-0123456789abcdefghij',
};
const PREVIOUS = {
  JWT_ACCESS_SECRET_PREVIOUS: TEST_SECRETS.JWT_ACCESS_SECRET,
  JWT_REFRESH_SECRET_PREVIOUS: TEST_SECRETS.JWT_REFRESH_SECRET,
};
// Long enough for the rotated app to start and the checks to run on a busy host; the test waits it out.
const WINDOW_MS = 30_000;

let rotated: RunningApp; // the new secrets, the previous ones until `until`
let after_: RunningApp; // the new secrets only
let until: number;
// The suite's own app runs with the old secrets.
const before_ = appSuite({
  setup: async (suite) => {
    after_ = await suite.start(NEW_SECRETS);
    until = Date.now() + WINDOW_MS;
    rotated = await suite.start({
      ...NEW_SECRETS,
      ...PREVIOUS,
      JWT_SECRET_PREVIOUS_UNTIL: new Date(until).toISOString(),
    });
  },
});
const { seed } = before_;

const signIn = (app: RunningApp) => signInAs(app.url, 'vendor', seed.owner.email, PASSWORDS.owner);

test('tokens signed with the previous secrets are accepted during the window, and what they get is signed with the new ones', async () => {
  const old = await signIn(before_);
  const spare = await signIn(before_);
  assert.equal(
    (await get(after_.url, '/api/v1/auth/vendor/me', old.access_token)).status,
    401,
    'without the previous secrets: refused',
  );
  assert.equal(
    (await post(after_.url, '/api/v1/auth/vendor/refresh', { refresh_token: spare.refresh_token })).status,
    401,
  );

  assert.ok(Date.now() < until - 2000, 'the checks below run inside the window');
  assert.equal(
    (await get(rotated.url, '/api/v1/auth/vendor/me', old.access_token)).status,
    200,
    'an old access token still works',
  );
  assert.equal((await get(rotated.url, '/api/v1/auth/vendor/context', old.access_token)).status, 200);
  const renewed = await post(rotated.url, '/api/v1/auth/vendor/refresh', { refresh_token: old.refresh_token });
  assert.equal(renewed.status, 200, 'an old refresh token still rotates: the session survives the rotation');
  assert.equal(
    (await get(after_.url, '/api/v1/auth/vendor/me', renewed.body.access_token)).status,
    200,
    'its successor is signed with the new secret',
  );
  assert.equal(
    (await post(after_.url, '/api/v1/auth/vendor/refresh', { refresh_token: renewed.body.refresh_token })).status,
    200,
  );
  assert.equal(
    (await get(before_.url, '/api/v1/auth/vendor/me', renewed.body.access_token)).status,
    401,
    'and not with the old one',
  );

  await new Promise((r) => setTimeout(r, Math.max(0, until - Date.now()) + 500));
  const late = await get(rotated.url, '/api/v1/auth/vendor/me', old.access_token);
  assert.equal(late.status, 401, 'after the window the previous secret is refused');
  assert.equal(late.body.code, 'invalid_token');
  assert.equal(
    (await post(rotated.url, '/api/v1/auth/vendor/refresh', { refresh_token: spare.refresh_token })).status,
    401,
  );
  const fresh = await signIn(rotated);
  assert.equal(
    (await get(rotated.url, '/api/v1/auth/vendor/me', fresh.access_token)).status,
    200,
    'new tokens keep working',
  );
});

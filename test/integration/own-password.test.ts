// Staff changing their own password over HTTP (POST /auth/<role>/password): a new pair, every
// earlier session ended, a notice mailed; a wrong current password is a failed sign-in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { signIn } from '../support/sign-in';
import { get, post, request } from '../support/http';
import { appSuite } from '../support/app-suite';

const s = appSuite({ env: { RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3' }, smtp: true });

/** Each account's password as this file changes them. */
const passwords = { ...PASSWORDS };
const change = (role: string, token: string, json: unknown) =>
  request(s.url, 'POST', `/api/v1/auth/${role}/password`, { token, json });

// Regression: staff had no way to change their own password.
for (const [role, who, label] of [
  ['admin', 'limited', 'an admin'],
  ['vendor', 'employee', 'an employee'],
] as const) {
  test(`${label} changes its own password: new pair, earlier sessions ended, notice mailed`, async () => {
    const { email } = s.seed[who];
    const here = await signIn(s.url, role, email, passwords[who]);
    const elsewhere = await signIn(s.url, role, email, passwords[who]);
    const since = s.mail.messages.length;
    const newPassword = `changed-${who}-pass-J6h@`;
    const res = await change(role, here.access_token, { current_password: passwords[who], new_password: newPassword });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
    assert.equal(
      (await get(s.url, `/api/v1/auth/${role}/me`, res.body.access_token)).status,
      200,
      'the new pair works',
    );
    assert.equal(
      (await post(s.url, `/api/v1/auth/${role}/refresh`, { refresh_token: res.body.refresh_token })).status,
      200,
    );
    for (const [label, pair] of [
      ['this', here],
      ['another', elsewhere],
    ] as const) {
      assert.equal(
        (await post(s.url, `/api/v1/auth/${role}/refresh`, { refresh_token: pair.refresh_token })).status,
        401,
        `${label} earlier session ended`,
      );
      assert.equal(
        (await get(s.url, `/api/v1/auth/${role}/me`, pair.access_token)).status,
        401,
        `${label} earlier access token refused`,
      );
    }
    assert.equal(
      (await post(s.url, `/api/v1/auth/${role}/login`, { email, password: passwords[who] })).status,
      401,
      'the old password is gone',
    );
    await signIn(s.url, role, email, newPassword);
    const notice = await s.mail.waitFor(email, { since });
    assert.equal(notice.subject, 'Your password was changed');
    passwords[who] = newPassword;
  });
}

test('a wrong current password is 401 invalid_credentials and counts as a failed sign-in', async () => {
  const { email } = s.seed.owner;
  const pair = await signIn(s.url, 'vendor', email, passwords.owner);
  for (let i = 0; i < 3; i++) {
    const res = await change('vendor', pair.access_token, {
      current_password: 'not-the-password',
      new_password: 'another-pass-L7k!',
    });
    assert.equal(res.status, 401, res.text);
    assert.equal(res.body.code, 'invalid_credentials');
  }
  const limited = await post(s.url, '/api/v1/auth/vendor/login', { email, password: passwords.owner });
  assert.equal(limited.status, 429, 'the three wrong current passwords used up the per-(e-mail, address) limit');
  assert.equal((await get(s.url, '/api/v1/auth/vendor/me', pair.access_token)).status, 200, 'the session is untouched');
});

test('a weak new password is 400 naming new_password; no token is 401', async () => {
  const pair = await signIn(s.url, 'admin', s.seed.admin.email, passwords.admin);
  const weak = await change('admin', pair.access_token, {
    current_password: passwords.admin,
    new_password: 'password',
  });
  assert.equal(weak.status, 400, weak.text);
  assert.equal(weak.body.errors[0].path, 'new_password');
  const anonymous = await request(s.url, 'POST', '/api/v1/auth/admin/password', {
    json: { current_password: 'x', new_password: 'y-long-enough-1' },
  });
  assert.equal(anonymous.status, 401);
  assert.equal(anonymous.body.code, 'invalid_token');
});

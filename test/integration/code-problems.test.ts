// A code of the wrong length is one problem, named once: every route that takes an e-mailed
// 6-digit code answers 400 with a single `errors` entry for `code` and a detail that says it once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';

const s = appSuite();

test('a code of the wrong length or with letters gets its error once', async () => {
  const token = (await signIn(s.url, 'customer', s.seed.customer.email, PASSWORDS.customer)).access_token;
  const email = s.seed.customer.email;
  const routes: [string, string, (code: string) => object, string?][] = [
    ['POST', '/api/v1/auth/customer/password-reset/verify', (code) => ({ email, code })],
    ['POST', '/api/v1/auth/customer/register/verify', (code) => ({ email, code })],
    ['POST', '/api/v1/auth/customer/login/code/verify', (code) => ({ email, code })],
    ['POST', '/api/v1/auth/customer/me/delete', (code) => ({ code }), token],
    ['DELETE', '/api/v1/auth/customer/identities/no-such-identity', (code) => ({ code }), token],
    ['POST', '/api/v1/auth/customer/email/verify', (code) => ({ code }), token],
    [
      'POST',
      '/api/v1/auth/admin/password-reset/verify',
      (code) => ({ email: s.seed.admin.email, admin_type: 'super_admin', code }),
    ],
  ];
  for (const [method, path, body, bearer] of routes) {
    for (const code of ['12345', '1234567', '12a456']) {
      const res = await request(s.url, method, path, { json: body(code), ...(bearer ? { token: bearer } : {}) });
      const label = `${method} ${path} with ${code}`;
      assert.equal(res.status, 400, `${label}: ${res.text}`);
      assert.equal(res.body.code, 'validation_failed', label);
      assert.deepEqual(res.body.errors, [{ path: 'code', message: 'must be 6 digits' }], label);
      assert.equal(res.body.detail, 'code: must be 6 digits', label);
    }
  }
});

// A customer's mailed codes that sign in, through the pages' procedures: the refresh token goes into
// the httpOnly cookie of the customer's session endpoint and never into the body page script reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appSuite } from '../support/app-suite';
import { customerCall, mailedCode, signInCode } from '../support/customers';
import { request } from '../support/http';

const suite = appSuite({ smtp: true });
const PASSWORD = 'customer-pass-T6y!u3';

async function signInThroughPages(procedure: 'verifyRegistration' | 'verifyLoginCode', email: string, code: string) {
  const answer = await request(suite.url, 'POST', `/api/trpc/customer.${procedure}`, { json: { email, code } });
  assert.equal(answer.status, 200, answer.text);
  assert.doesNotMatch(answer.text, /refresh_token/, 'no refresh token in the body');
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('customer_refresh_token='));
  assert.ok(cookie, 'a refresh cookie is set');
  assert.match(cookie, /Path=\/api\/trpc\/session\/customer; .*HttpOnly; SameSite=Strict/);
  const refreshed = await request(suite.url, 'POST', '/api/trpc/session/customer/refresh', {
    headers: { cookie: cookie.split(';')[0]!, 'content-type': 'application/json' },
  });
  assert.equal(refreshed.status, 200, refreshed.text);
  return answer.body as {
    result: { data: { access_token: string; customer: { email: string; email_verified: boolean } } };
  };
}

test('verifying the registration code through the pages signs in with the cookie', async () => {
  const email = 'page-sign-up@example.com';
  const since = suite.mail.messages.length;
  assert.equal(
    (await customerCall(suite.url, 'register', { json: { email, password: PASSWORD, name: 'Page Customer' } })).status,
    200,
  );
  const signedIn = await signInThroughPages('verifyRegistration', email, await mailedCode(suite.mail, email, since));
  assert.equal(signedIn.result.data.customer.email_verified, true);
});

test('a sign-in code through the pages signs in with the cookie; a wrong code is 401 without a cookie', async () => {
  const email = 'page-code@example.com';
  const since = suite.mail.messages.length;
  await customerCall(suite.url, 'register', { json: { email, password: PASSWORD, name: 'Code Customer' } });
  await mailedCode(suite.mail, email, since);
  const code = await signInCode(suite.url, suite.mail, email);
  const wrong = await request(suite.url, 'POST', '/api/trpc/customer.verifyLoginCode', {
    json: { email, code: code === '000000' ? '111111' : '000000' },
  });
  assert.equal(wrong.status, 401, wrong.text);
  assert.equal(wrong.headers.getSetCookie().length, 0);
  const signedIn = await signInThroughPages('verifyLoginCode', email, code);
  assert.ok(signedIn.result.data.access_token);
});

test('a malformed body is 400, never 500', async () => {
  const answer = await request(suite.url, 'POST', '/api/trpc/customer.verifyLoginCode', {
    json: { email: 'x', code: 5 },
  });
  assert.equal(answer.status, 400, answer.text);
});

// Passkeys through the pages' procedures: registering one from a signed-in page (the Bearer token)
// or while enrolling at sign-in (the mfa_token), and signing in with one. Whatever yields a session
// puts its refresh token into the role's httpOnly cookie and never into the body page script reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request, type Answer } from '../support/http';
import { login, signIn } from '../support/sign-in';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../support/software-authenticator';

const s = appSuite({ env: { MFA_REQUIRED: 'super_admin' } });

const call = (procedure: string, json: unknown, token?: string) =>
  request(s.url, 'POST', `/api/trpc/${procedure}`, { json, token });
const dataOf = (answer: Answer) => answer.body.result.data;

/** The answer set the role's refresh cookie, which the session endpoint then takes; the body has no refresh token. */
async function assertSessionInCookie(role: string, answer: Answer) {
  assert.equal(answer.status, 200, answer.text);
  assert.doesNotMatch(answer.text, /refresh_token/, 'no refresh token in the body');
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${role}_refresh_token=`));
  assert.ok(cookie, 'a refresh cookie is set');
  assert.match(cookie, new RegExp(`Path=/api/trpc/session/${role}; .*HttpOnly; SameSite=Strict`));
  const refreshed = await request(s.url, 'POST', `/api/trpc/session/${role}/refresh`, {
    headers: { cookie: cookie.split(';')[0]!, 'content-type': 'application/json' },
  });
  assert.equal(refreshed.status, 200, refreshed.text);
}

async function registerThroughPages(
  role: string,
  key: SoftwareAuthenticator,
  name: string,
  credential: { token?: string; mfa_token?: string },
) {
  const extra = credential.mfa_token ? { mfa_token: credential.mfa_token } : {};
  const options = await call(`${role}.passkeyRegisterOptions`, extra, credential.token);
  assert.equal(options.status, 200, options.text);
  return call(
    `${role}.passkeyRegisterVerify`,
    { response: key.register(dataOf(options)), name, ...extra },
    credential.token,
  );
}

async function passkeySignInThroughPages(role: string, key: SoftwareAuthenticator) {
  const options = await call(`${role}.passkeyLoginOptions`, {});
  assert.equal(options.status, 200, options.text);
  return call(`${role}.passkeyLoginVerify`, { response: key.assert(dataOf(options)) });
}

test('a signed-in page registers a passkey (no new session), then signs in with it into the cookie', async () => {
  const session = await signIn(s.url, 'vendor', s.seed.owner.email, PASSWORDS.owner);
  const key = softwareAuthenticator(s.url);
  const registered = await registerThroughPages('vendor', key, 'Work laptop', { token: session.access_token });
  assert.equal(registered.status, 200, registered.text);
  assert.equal(dataOf(registered).passkey.name, 'Work laptop');
  assert.equal(dataOf(registered).access_token, undefined, 'signed in already: no new session');
  assert.equal(registered.headers.getSetCookie().length, 0, 'no cookie either');
  const listed = await request(s.url, 'GET', '/api/trpc/vendor.listPasskeys', { token: session.access_token });
  assert.deepEqual(
    dataOf(listed).items.map((p: { name: string }) => p.name),
    ['Work laptop'],
  );

  const signedIn = await passkeySignInThroughPages('vendor', key);
  await assertSessionInCookie('vendor', signedIn);
  assert.equal(dataOf(signedIn).vendor.email, s.seed.owner.email);
  assert.ok(
    signedIn.headers.getSetCookie().some((c) => c.startsWith('vendor_device_id=')),
    'the device marker, as at a password sign-in',
  );
});

test('enrolling a passkey at sign-in through the pages ends in a session in the cookie; the admin then signs in with it', async () => {
  const forced = await login(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin);
  assert.equal(forced.body.mfa_enrollment_required, true, forced.text);
  const key = softwareAuthenticator(s.url);
  const enrolled = await registerThroughPages('admin', key, 'Security key', { mfa_token: forced.body.mfa_token });
  await assertSessionInCookie('admin', enrolled);
  assert.equal(dataOf(enrolled).admin.email, s.seed.admin.email);
  await assertSessionInCookie('admin', await passkeySignInThroughPages('admin', key));
});

test('a refused passkey answer is 401 without a cookie; a malformed one is 400, never 500', async () => {
  const stranger = softwareAuthenticator(s.url);
  const options = await call('admin.passkeyLoginOptions', {});
  const refused = await call('admin.passkeyLoginVerify', { response: stranger.assert(dataOf(options)) });
  assert.equal(refused.status, 401, refused.text);
  assert.equal(refused.headers.getSetCookie().length, 0);
  for (const body of [{}, { response: 'x' }, { response: { id: '!', rawId: 'a', type: 'public-key', response: {} } }]) {
    assert.equal((await call('vendor.passkeyLoginVerify', body)).status, 400, JSON.stringify(body));
  }
  assert.equal((await call('vendor.passkeyRegisterVerify', { name: '' })).status, 400);
  assert.equal(
    (
      await call('vendor.passkeyRegisterVerify', {
        response: stranger.register({ challenge: 'abc', user: { id: 'eA' } }),
        name: 'x',
      })
    ).status,
    401,
    'neither a token nor an mfa_token',
  );
});

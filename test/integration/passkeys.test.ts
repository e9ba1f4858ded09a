// Passkeys over HTTP with a software authenticator: registering several (signed in, or while
// enrolling at sign-in), listing and removing them, and signing in without a password, which
// satisfies MFA_REQUIRED. Challenges are single use; user verification and the origin are checked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { get, post, request } from '../support/http';
import { passkeySignIn as signInWithPasskey, registerPasskey } from '../support/passkeys';
import { login, signIn } from '../support/sign-in';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../support/software-authenticator';

const s = appSuite({ env: { MFA_REQUIRED: 'super_admin' } });

const register = (
  role: string,
  authenticator: SoftwareAuthenticator,
  name: string,
  credential: { token?: string; mfaToken?: string },
) => registerPasskey(s.url, role, authenticator, name, credential);
const passkeySignIn = (
  role: string,
  authenticator: SoftwareAuthenticator,
  overrides?: { userVerified?: boolean; origin?: string },
) => signInWithPasskey(s.url, role, authenticator, overrides);

test('a signed-in account registers several passkeys, signs in with one, and removes one', async () => {
  const session = await signIn(s.url, 'vendor', s.seed.owner.email, PASSWORDS.owner);
  const laptop = softwareAuthenticator(s.url);
  const phone = softwareAuthenticator(s.url);
  const first = await register('vendor', laptop, 'Laptop', { token: session.access_token });
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.passkey.name, 'Laptop');
  assert.equal(first.body.access_token, undefined, 'signed in already: no new session');
  assert.equal((await register('vendor', phone, 'Phone', { token: session.access_token })).status, 200);
  const again = await register('vendor', laptop, 'Laptop again', { token: session.access_token });
  assert.equal(again.status, 409, `the same credential twice: ${again.text}`);
  const options = await request(s.url, 'POST', '/api/v1/auth/vendor/passkeys/register/options', {
    token: session.access_token,
    json: {},
  });
  const answerTwice = {
    token: session.access_token,
    json: { response: softwareAuthenticator(s.url).register(options.body), name: 'Twice' },
  };
  assert.equal((await request(s.url, 'POST', '/api/v1/auth/vendor/passkeys/register/verify', answerTwice)).status, 200);
  const spent = await request(s.url, 'POST', '/api/v1/auth/vendor/passkeys/register/verify', answerTwice);
  assert.equal(spent.status, 401, spent.text);
  assert.equal(spent.body.code, 'invalid_passkey', 'a registration answer that does not verify names the passkey');
  const twice = (await get(s.url, '/api/v1/auth/vendor/passkeys', session.access_token)).body.items.find(
    (p: { name: string }) => p.name === 'Twice',
  );
  assert.equal(
    (await request(s.url, 'DELETE', `/api/v1/auth/vendor/passkeys/${twice.id}`, { token: session.access_token }))
      .status,
    204,
  );
  const listed = await get(s.url, '/api/v1/auth/vendor/passkeys', session.access_token);
  assert.deepEqual(
    listed.body.items.map((p: { name: string }) => p.name),
    ['Laptop', 'Phone'],
  );

  const { answer, response } = await passkeySignIn('vendor', phone);
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.body.vendor.email, s.seed.owner.email);
  assert.deepEqual(answer.body.vendor.mfa, { totp: false, passkeys: 2 });
  assert.equal((await get(s.url, '/api/v1/auth/vendor/me', answer.body.access_token)).status, 200);
  const replay = await post(s.url, '/api/v1/auth/vendor/passkeys/login/verify', { response });
  assert.equal(replay.status, 401, 'a challenge is single use');
  // Regression: a passkey that failed verification answered the title "Invalid e-mail or password",
  // naming what the caller had not sent.
  assert.equal(replay.body.code, 'invalid_passkey');
  assert.equal(replay.body.title, 'The passkey could not be verified');
  assert.equal(replay.headers.get('www-authenticate'), null);
  assert.equal(
    (await passkeySignIn('vendor', phone, { userVerified: false })).answer.status,
    401,
    'user verification is required',
  );
  assert.equal(
    (await passkeySignIn('vendor', phone, { origin: 'https://evil.example' })).answer.status,
    401,
    'another origin',
  );
  assert.equal((await passkeySignIn('admin', phone)).answer.status, 401, 'a vendor passkey on the admin route');

  const laptopId = listed.body.items[0].id;
  assert.equal(
    (await request(s.url, 'DELETE', `/api/v1/auth/vendor/passkeys/${laptopId}`, { token: session.access_token }))
      .status,
    204,
  );
  assert.equal((await passkeySignIn('vendor', laptop)).answer.status, 401, 'a removed passkey signs nobody in');
  assert.equal((await get(s.url, '/api/v1/auth/vendor/passkeys', session.access_token)).body.items.length, 1);
});

test('an account that must have a factor enrols a passkey at sign-in; it then signs in with it, not with its password alone', async () => {
  const { email } = s.seed.admin;
  const forced = await login(s.url, 'admin', email, PASSWORDS.admin);
  assert.equal(forced.body.mfa_enrollment_required, true, forced.text);
  const key = softwareAuthenticator(s.url);
  const enrolled = await register('admin', key, 'Security key', { mfaToken: forced.body.mfa_token });
  assert.equal(enrolled.status, 200, enrolled.text);
  assert.equal(typeof enrolled.body.access_token, 'string', 'enrolling at sign-in ends in a session');
  assert.deepEqual(enrolled.body.admin.mfa, { totp: false, passkeys: 1 });

  const passwordOnly = await login(s.url, 'admin', email, PASSWORDS.admin);
  assert.equal(passwordOnly.status, 403, passwordOnly.text);
  const { answer } = await passkeySignIn('admin', key);
  assert.equal(answer.status, 200, `a passkey with user verification satisfies MFA_REQUIRED: ${answer.text}`);
  const [only] = (await get(s.url, '/api/v1/auth/admin/passkeys', answer.body.access_token)).body.items;
  const removal = await request(s.url, 'DELETE', `/api/v1/auth/admin/passkeys/${only.id}`, {
    token: answer.body.access_token,
  });
  assert.equal(removal.status, 403, 'the only factor of an account that must have one stays');
});

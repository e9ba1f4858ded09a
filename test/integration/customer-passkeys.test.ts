// Customers' passkeys over HTTP with a software authenticator: registering, listing, renaming and
// removing them while signed in, signing in with one alone, their events, and the rule that a
// customer keeps a way to sign in, also when an identity and the last passkey go at the same moment.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { appSuite } from '../support/app-suite';
import { customerCall, registeredCustomer, signInCode } from '../support/customers';
import { get, post, request } from '../support/http';
import { startTestProvider } from '../support/oidc-provider';
import { passkeySignIn, registerPasskey } from '../support/passkeys';
import { signIn } from '../support/sign-in';
import { PASSWORDS } from '../support/accounts';
import { softwareAuthenticator } from '../support/software-authenticator';

const provider = await startTestProvider({ redirectUris: ['http://127.0.0.1:9/oidc/callback'] });
const s = appSuite({
  smtp: true,
  env: { NODE_ENV: 'development', TRUST_PROXY: '1', OIDC_PROVIDERS: 'acme', ...provider.env('acme') },
});
after(() => provider.close());

const PASSWORD = 'customer-pass-T6y!u3';
const base = '/api/v1/auth/customer/passkeys';
const passkeys = async (token: string) =>
  (await get(s.url, base, token)).body.items as { id: string; name: string; last_used_at: string | null }[];
const remove = (token: string, id: string) => request(s.url, 'DELETE', `${base}/${id}`, { token });

let n = 0;
/** A customer made by a provider's ID token: signed in, with one linked identity and no password. */
async function providerCustomer(label: string) {
  n += 1;
  const sub = `${label}-${n}`;
  const email = `${sub}@example.com`;
  const nonce = `nonce-${sub}-0123456789`;
  const signedIn = await post(s.url, '/api/v1/auth/customer/oidc/acme/id-token', {
    id_token: await provider.signIdToken({ sub, email, email_verified: true, nonce }),
    nonce,
  });
  assert.equal(signedIn.status, 200, signedIn.text);
  const token = signedIn.body.access_token as string;
  const [identity] = (await get(s.url, '/api/v1/auth/customer/identities', token)).body.items;
  return { email, token, identityId: identity.id as string };
}

test('a customer registers passkeys, renames one, signs in with one alone and removes one; each change is an event', async () => {
  const session = await registeredCustomer(
    s.url,
    s.mail,
    'pia-passkey@example.com',
    PASSWORD,
    'Pia Passkey',
    '10.60.0.1',
  );
  const token = session.access_token;
  const laptop = softwareAuthenticator(s.url);
  const phone = softwareAuthenticator(s.url);
  const first = await registerPasskey(s.url, 'customer', laptop, 'Laptop', { token });
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.passkey.name, 'Laptop');
  assert.equal(first.body.access_token, undefined, 'signed in already: no new session');
  assert.equal((await registerPasskey(s.url, 'customer', phone, 'Phone', { token })).status, 200);
  assert.equal(
    (await registerPasskey(s.url, 'customer', laptop, 'Laptop again', { token })).status,
    409,
    'the same credential twice',
  );
  const unsigned = await post(s.url, `${base}/register/options`, {});
  assert.equal(unsigned.status, 401, 'registering needs a signed-in customer');

  const [laptopKey, phoneKey] = await passkeys(token);
  const renamed = await request(s.url, 'PATCH', `${base}/${phoneKey!.id}`, {
    token,
    json: { name: '  Pocket phone ' },
  });
  assert.equal(renamed.status, 200, renamed.text);
  assert.equal(renamed.body.name, 'Pocket phone');
  assert.deepEqual(
    (await passkeys(token)).map((p) => p.name),
    ['Laptop', 'Pocket phone'],
  );
  const blank = await request(s.url, 'PATCH', `${base}/${phoneKey!.id}`, { token, json: { name: '   ' } });
  assert.equal(blank.status, 400, blank.text);
  assert.equal(blank.body.errors[0].path, 'name');
  assert.equal((await request(s.url, 'PATCH', `${base}/no-such-passkey`, { token, json: { name: 'X' } })).status, 404);

  const { answer, response } = await passkeySignIn(s.url, 'customer', phone);
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.body.customer.email, 'pia-passkey@example.com');
  assert.equal(typeof answer.body.refresh_token, 'string');
  assert.equal((await get(s.url, '/api/v1/auth/customer/me', answer.body.access_token)).status, 200);
  assert.notEqual((await passkeys(token)).find((p) => p.id === phoneKey!.id)?.last_used_at, null);
  const replay = await post(s.url, `${base}/login/verify`, { response });
  assert.equal(replay.status, 401, 'a challenge is single use');
  assert.equal(replay.body.code, 'invalid_passkey');
  assert.equal(
    (await passkeySignIn(s.url, 'customer', phone, { userVerified: false })).answer.status,
    401,
    'user verification is required',
  );
  assert.equal(
    (await passkeySignIn(s.url, 'vendor', phone)).answer.status,
    401,
    'a customer passkey on the vendor route',
  );

  assert.equal((await remove(token, laptopKey!.id)).status, 204);
  assert.equal(
    (await passkeySignIn(s.url, 'customer', laptop)).answer.status,
    401,
    'a removed passkey signs nobody in',
  );
  assert.equal((await remove(token, laptopKey!.id)).status, 404);

  const events = (await get(s.url, '/api/v1/auth/customer/events', token)).body.items as {
    event: string;
    details: Record<string, unknown>;
  }[];
  const passkeyEvents = events
    .filter((e) => e.details.factor === 'passkey')
    .map((e) => `${e.event} ${String(e.details.name)}`);
  assert.deepEqual(passkeyEvents.sort(), ['factor_added Laptop', 'factor_added Phone', 'factor_removed Laptop']);
  assert.ok(events.some((e) => e.event === 'sign_in_succeeded' && e.details.method === 'passkey'));
});

test("a staff passkey does not sign in a customer, and another customer's passkey cannot be renamed or removed", async () => {
  const owner = await signIn(s.url, 'vendor', s.seed.owner.email, PASSWORDS.owner);
  const staffKey = softwareAuthenticator(s.url);
  assert.equal(
    (await registerPasskey(s.url, 'vendor', staffKey, 'Till key', { token: owner.access_token })).status,
    200,
  );
  assert.equal((await passkeySignIn(s.url, 'customer', staffKey)).answer.status, 401);

  const a = await registeredCustomer(s.url, s.mail, 'ann-keys@example.com', PASSWORD, 'Ann', '10.60.0.2');
  const b = await registeredCustomer(s.url, s.mail, 'bob-keys@example.com', PASSWORD, 'Bob', '10.60.0.3');
  assert.equal(
    (await registerPasskey(s.url, 'customer', softwareAuthenticator(s.url), 'Ann key', { token: a.access_token }))
      .status,
    200,
  );
  const [annKey] = await passkeys(a.access_token);
  assert.equal(
    (await request(s.url, 'PATCH', `${base}/${annKey!.id}`, { token: b.access_token, json: { name: 'Mine now' } }))
      .status,
    404,
  );
  assert.equal((await remove(b.access_token, annKey!.id)).status, 404);
  const [staffPasskey] = (await get(s.url, '/api/v1/auth/vendor/passkeys', owner.access_token)).body.items;
  assert.equal((await remove(a.access_token, staffPasskey.id)).status, 404, "a staff passkey is not a customer's");
  assert.deepEqual(
    (await passkeys(a.access_token)).map((p) => p.name),
    ['Ann key'],
  );
});

test('a passkey counts as a way to sign in: the identity goes, then the last passkey is refused with 409', async () => {
  const { email, token, identityId } = await providerCustomer('keeps');
  const key = softwareAuthenticator(s.url);
  assert.equal((await registerPasskey(s.url, 'customer', key, 'Only key', { token })).status, 200);
  const unlinked = await request(s.url, 'DELETE', `/api/v1/auth/customer/identities/${identityId}`, {
    token,
    json: { code: await signInCode(s.url, s.mail, email) },
  });
  assert.equal(unlinked.status, 204, unlinked.text);
  const [only] = await passkeys(token);
  const refused = await remove(token, only!.id);
  assert.equal(refused.status, 409, refused.text);
  assert.equal(refused.body.code, 'last_sign_in_method');
  const signedIn = await passkeySignIn(s.url, 'customer', key);
  assert.equal(signedIn.answer.status, 200, 'the passkey alone still signs the customer in');
  assert.equal(
    (await customerCall(s.url, 'login', { json: { email, password: PASSWORD } })).status,
    401,
    'no password was ever set',
  );
});

test('the identity and the last passkey removed at the same moment: one goes, the other is refused', async () => {
  for (let round = 0; round < 3; round++) {
    const { email, token, identityId } = await providerCustomer('race');
    assert.equal(
      (await registerPasskey(s.url, 'customer', softwareAuthenticator(s.url), 'Key', { token })).status,
      200,
    );
    const [key] = await passkeys(token);
    const code = await signInCode(s.url, s.mail, email);
    const answers = await Promise.all([
      request(s.url, 'DELETE', `/api/v1/auth/customer/identities/${identityId}`, { token, json: { code } }),
      remove(token, key!.id),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [204, 409],
      answers.map((a) => `${a.status} ${a.text}`).join(' | '),
    );
    const left =
      (await get(s.url, '/api/v1/auth/customer/identities', token)).body.items.length + (await passkeys(token)).length;
    assert.equal(left, 1, 'exactly one way to sign in is left');
  }
});

// Customers signing in with an OpenID provider over the REST routes, against a real provider on
// loopback: sign-up and sign-in, the linking rules (link_required, the pre-registered password
// discarded, email_verified false refused), and the refusals of a replayed state, a replayed code,
// a wrong nonce and, on the native apps' ID-token route, a wrong audience or nonce.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { auditEntry, selfCause } from '@/core/service/audit';
import { keepsSignInMethod } from '@/core/service/sign-in-methods';
import { createIdentityRepository } from '@/server/db/identity-repository';
import { withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { customerCall, mailedCode, registeredCustomer, signInCode } from '../support/customers';
import { freePort } from '../support/app-process';
import { get, post, request } from '../support/http';
import { authorize, startTestProvider } from '../support/oidc-provider';

const REDIRECT_URI = 'http://127.0.0.1:9/oidc/callback';
const provider = await startTestProvider({ redirectUris: [REDIRECT_URI] });
const closedPort = await freePort();
const suite = appSuite({
  smtp: true,
  env: {
    // An http issuer is accepted on loopback under development rules only.
    NODE_ENV: 'development',
    TRUST_PROXY: '1',
    OIDC_PROVIDERS: 'acme,down',
    ...provider.env('acme'),
    OIDC_ACME_DISPLAY_NAME: 'Acme ID',
    OIDC_DOWN_ISSUER: `http://127.0.0.1:${closedPort}`,
    OIDC_DOWN_CLIENT_ID: 'nobody',
    OIDC_DOWN_CLIENT_SECRET: 'nothing',
    OIDC_REDIRECT_URIS: REDIRECT_URI,
  },
});
after(() => provider.close());

const PASSWORD = 'customer-pass-T6y!u3';
let n = 0;
/** A fresh provider account (subject and e-mail) per test. */
function person(label: string, identity: { email_verified?: boolean | string; email?: string } = {}) {
  n += 1;
  const sub = `${label}-${n}`;
  const email = identity.email ?? `${sub}@example.com`;
  provider.setAccount(sub, { email, email_verified: true, name: `Pat ${label}`, ...identity });
  return { sub, email };
}

const oidcPath = (name: string, step: string) => `/api/v1/auth/customer/oidc/${name}/${step}`;

/** Start, the provider's sign-in as `sub`, and the answer the provider sent back (not yet used). */
async function providerAnswer(sub: string, tamper?: (url: URL) => void) {
  const started = await post(suite.url, oidcPath('acme', 'start'), { redirect_uri: REDIRECT_URI });
  assert.equal(started.status, 200, started.text);
  const url = new URL(started.body.authorization_url);
  tamper?.(url);
  const answer = await authorize(url.href, REDIRECT_URI, sub);
  return { code: answer.get('code')!, state: answer.get('state')!, iss: answer.get('iss') ?? undefined };
}

const callback = (answer: { code: string; state: string; iss?: string }) =>
  post(suite.url, oidcPath('acme', 'callback'), answer);

describe('signing in with a provider', () => {
  test('the providers are listed with their display names', async () => {
    const listed = await get(suite.url, '/api/v1/auth/customer/providers');
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.providers, [
      { name: 'acme', display_name: 'Acme ID' },
      { name: 'down', display_name: 'down' },
    ]);
  });

  test('the authorization URL asks for the code flow with PKCE S256, a state and a nonce', async () => {
    const started = await post(suite.url, oidcPath('acme', 'start'), { redirect_uri: REDIRECT_URI });
    const url = new URL(started.body.authorization_url);
    assert.equal(url.origin, provider.issuer);
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    for (const name of ['state', 'nonce', 'code_challenge'])
      assert.ok((url.searchParams.get(name) ?? '').length >= 43, name);
  });

  test('a new verified e-mail signs up, and the same identity signs in again; events name the provider', async () => {
    const { sub, email } = person('new');
    const first = await callback(await providerAnswer(sub));
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.customer.email, email);
    assert.equal(first.body.customer.email_verified, true);
    assert.equal(typeof first.body.refresh_token, 'string');
    const again = await callback(await providerAnswer(sub));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.customer.id, first.body.customer.id, 'the linked identity signs in the same customer');
    assert.equal((await get(suite.url, '/api/v1/auth/customer/me', again.body.access_token)).status, 200);

    const events = await get(suite.url, '/api/v1/auth/customer/events', again.body.access_token);
    const named = (event: string) => events.body.items.filter((e: { event: string }) => e.event === event);
    assert.equal(named('account_created')[0].details.provider, 'acme');
    assert.equal(named('identity_linked')[0].details.provider, 'acme');
    assert.ok(named('sign_in_succeeded').length >= 2);
    assert.ok(
      named('sign_in_succeeded').every(
        (e: { details: { provider?: string; method?: string } }) =>
          e.details.provider === 'acme' && e.details.method === 'oidc',
      ),
    );
  });

  test('email_verified false or absent: 403 email_not_verified and no account', async () => {
    for (const verified of [false, undefined, 'false']) {
      const { sub, email } = person('unverified', { email_verified: verified });
      const refused = await callback(await providerAnswer(sub));
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.body.code, 'email_not_verified');
      // No account was made: a code sign-in for the address mails nothing and a login is the unknown-e-mail 401.
      const login = await customerCall(suite.url, 'login', { json: { email, password: PASSWORD } });
      assert.equal(login.status, 401);
    }
  });

  test('a verified customer holding the e-mail: 409 link_required, nothing linked', async () => {
    const { sub, email } = person('holder');
    await registeredCustomer(suite.url, suite.mail, email, PASSWORD, 'Holly Holder', '10.40.0.1');
    const refused = await callback(await providerAnswer(sub));
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.code, 'link_required');
    const stillRefused = await callback(await providerAnswer(sub));
    assert.equal(stillRefused.body.code, 'link_required', 'the identity was not linked by the refusal');
    assert.equal((await customerCall(suite.url, 'login', { json: { email, password: PASSWORD } })).status, 200);
  });

  test("pre-registration: the unverified account of the victim's e-mail is claimed and the attacker's password no longer signs in", async () => {
    const { sub, email } = person('victim');
    const attackerPassword = 'attacker-chose-Q7w!x2';
    const since = suite.mail.messages.length;
    const registered = await customerCall(suite.url, 'register', {
      json: { email, password: attackerPassword, name: 'Not The Victim' },
      ip: '10.41.0.1',
    });
    assert.equal(registered.status, 200);
    await mailedCode(suite.mail, email, since); // the registration's work runs after its answer
    const before = await customerCall(suite.url, 'login', { json: { email, password: attackerPassword } });
    assert.equal(before.status, 403, "the unverified account exists, with the attacker's password");

    const victim = await callback(await providerAnswer(sub));
    assert.equal(victim.status, 200, victim.text);
    assert.equal(victim.body.customer.email_verified, true);
    const attacker = await customerCall(suite.url, 'login', { json: { email, password: attackerPassword } });
    assert.equal(attacker.status, 401, `the registration password was discarded: ${attacker.text}`);
    assert.equal(attacker.body.code, 'invalid_credentials');
  });
});

describe('refusals of the code flow', () => {
  test('a replayed state (with its code) is 400 invalid_state', async () => {
    const { sub } = person('replay-state');
    const answer = await providerAnswer(sub);
    assert.equal((await callback(answer)).status, 200);
    const replayed = await callback(answer);
    assert.equal(replayed.status, 400, replayed.text);
    assert.equal(replayed.body.code, 'invalid_state');
    const unknown = await callback({ ...answer, state: 'never-issued-state' });
    assert.equal(unknown.body.code, 'invalid_state');
  });

  test('a replayed code under a fresh state is refused by the provider: 401 provider_refused', async () => {
    const { sub } = person('replay-code');
    const used = await providerAnswer(sub);
    assert.equal((await callback(used)).status, 200);
    const fresh = await providerAnswer(sub);
    const replayed = await callback({ ...fresh, code: used.code });
    assert.equal(replayed.status, 401, replayed.text);
    assert.equal(replayed.body.code, 'provider_refused');
  });

  test("an ID token carrying another nonce than the flow's is 401 provider_refused", async () => {
    const { sub } = person('nonce');
    const answer = await providerAnswer(sub, (url) =>
      url.searchParams.set('nonce', 'a-nonce-the-service-never-issued-0123456789'),
    );
    const refused = await callback(answer);
    assert.equal(refused.status, 401, refused.text);
    assert.equal(refused.body.code, 'provider_refused');
  });

  test('a redirect URI not listed is 400; an unknown provider 404; one that is down 502', async () => {
    const unlisted = await post(suite.url, oidcPath('acme', 'start'), { redirect_uri: 'http://127.0.0.1:9/elsewhere' });
    assert.equal(unlisted.status, 400);
    assert.equal(unlisted.body.errors[0].path, 'redirect_uri');
    assert.equal((await post(suite.url, oidcPath('nosuch', 'start'), { redirect_uri: REDIRECT_URI })).status, 404);
    const down = await post(suite.url, oidcPath('down', 'start'), { redirect_uri: REDIRECT_URI });
    assert.equal(down.status, 502, down.text);
    assert.equal(down.body.code, 'provider_unavailable');
    assert.equal(down.headers.get('content-type'), 'application/problem+json');
  });
});

describe("native apps: an ID token from the provider's SDK", () => {
  const idToken = (claims: Record<string, unknown>, nonce = `nonce-${Math.random()}`) =>
    provider.signIdToken({ nonce, ...claims }).then((id_token) => ({ id_token, nonce }));
  const submit = (body: { id_token: string; nonce: string }) => post(suite.url, oidcPath('acme', 'id-token'), body);

  test('a valid token signs in; its nonce is accepted once', async () => {
    const { sub, email } = person('native');
    const body = await idToken({ sub, email, email_verified: true });
    const signedIn = await submit(body);
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.customer.email, email);
    const replayed = await submit(body);
    assert.equal(replayed.status, 401, replayed.text);
    assert.equal(replayed.body.code, 'provider_refused');
  });

  test('a wrong audience, a wrong nonce, a foreign issuer or a bad signature is 401; email_verified false 403', async () => {
    const { sub, email } = person('native-bad');
    const wrongAudience = await submit(await idToken({ sub, email, email_verified: true, aud: 'another-client' }));
    assert.equal(wrongAudience.status, 401, wrongAudience.text);
    assert.equal(wrongAudience.body.code, 'provider_refused');
    const token = await idToken({ sub, email, email_verified: true });
    const wrongNonce = await submit({ id_token: token.id_token, nonce: 'not-the-nonce-in-the-token' });
    assert.equal(wrongNonce.status, 401, wrongNonce.text);
    assert.equal(
      (await submit(await idToken({ sub, email, email_verified: true, iss: 'http://127.0.0.1:1' }))).status,
      401,
    );
    const [head, payload] = token.id_token.split('.');
    assert.equal((await submit({ id_token: `${head}.${payload}.${'A'.repeat(342)}`, nonce: token.nonce })).status, 401);
    const unverified = await submit(await idToken({ sub, email, email_verified: false }));
    assert.equal(unverified.status, 403, unverified.text);
    assert.equal(unverified.body.code, 'email_not_verified');
  });

  test('malformed bodies are 400', async () => {
    assert.equal((await submit({ id_token: '', nonce: '' })).status, 400);
    assert.equal(
      (
        await request(suite.url, 'POST', oidcPath('acme', 'id-token'), {
          body: '{"id_token": 1}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      400,
    );
    assert.equal((await submit({ id_token: 'not.a.jwt', nonce: 'n' })).status, 401);
  });
});

describe('linked identities', () => {
  const identities = (token: string) => get(suite.url, '/api/v1/auth/customer/identities', token);
  /** Links the provider account `sub` to the customer of `token`: the callback's answer. */
  async function link(token: string, sub: string) {
    const started = await request(suite.url, 'POST', '/api/v1/auth/customer/identities/acme/start', {
      token,
      json: { redirect_uri: REDIRECT_URI },
    });
    assert.equal(started.status, 200, started.text);
    const answer = await authorize(started.body.authorization_url, REDIRECT_URI, sub);
    return request(suite.url, 'POST', '/api/v1/auth/customer/identities/acme/callback', {
      token,
      json: { code: answer.get('code'), state: answer.get('state'), iss: answer.get('iss') ?? undefined },
    });
  }
  const unlink = (token: string, id: string, json: unknown) =>
    request(suite.url, 'DELETE', `/api/v1/auth/customer/identities/${id}`, { token, json });

  test('a signed-in customer links a second identity, signs in with it, and unlinks it with the password', async () => {
    const owner = person('owner');
    const session = await registeredCustomer(
      suite.url,
      suite.mail,
      `holder-of-${owner.email}`,
      PASSWORD,
      'Olive Owner',
      '10.42.0.1',
    );
    const linked = await link(session.access_token, owner.sub);
    assert.equal(linked.status, 200, linked.text);
    assert.equal(linked.body.identity.provider, 'acme');
    assert.equal(linked.body.identity.email, owner.email);
    const listed = await identities(session.access_token);
    assert.deepEqual(
      listed.body.items.map((i: { id: string }) => i.id),
      [linked.body.identity.id],
    );

    const viaProvider = await callback(await providerAnswer(owner.sub));
    assert.equal(viaProvider.status, 200, viaProvider.text);
    assert.equal(
      viaProvider.body.customer.id,
      session.customer.id,
      'the linked identity signs in its customer, whatever its e-mail',
    );

    const other = await registeredCustomer(
      suite.url,
      suite.mail,
      `other-${owner.email}`,
      PASSWORD,
      'Otto Other',
      '10.42.0.2',
    );
    const taken = await link(other.access_token, owner.sub);
    assert.equal(taken.status, 409, taken.text);
    assert.equal(taken.body.code, 'identity_in_use');

    assert.equal(
      (await unlink(session.access_token, linked.body.identity.id, { password: 'wrong-password-1A!' })).status,
      401,
    );
    const removed = await unlink(session.access_token, linked.body.identity.id, { password: PASSWORD });
    assert.equal(removed.status, 204, removed.text);
    assert.deepEqual((await identities(session.access_token)).body.items, []);
    const events = await get(suite.url, '/api/v1/auth/customer/events?event=identity_unlinked', session.access_token);
    assert.equal(events.body.items[0].details.provider, 'acme');
  });

  test('unlinking the only way in is 409 last_sign_in_method; with another identity linked it goes', async () => {
    const only = person('only');
    const session = await callback(await providerAnswer(only.sub));
    assert.equal(session.status, 200, session.text);
    const token = session.body.access_token;
    const [first] = (await identities(token)).body.items;
    const refused = await unlink(token, first.id, { code: await signInCode(suite.url, suite.mail, only.email) });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.code, 'last_sign_in_method');

    const second = person('second');
    assert.equal((await link(token, second.sub)).status, 200);
    const removed = await unlink(token, first.id, { code: await signInCode(suite.url, suite.mail, only.email) });
    assert.equal(removed.status, 204, removed.text);
    assert.equal(
      (await unlink(token, first.id, { code: await signInCode(suite.url, suite.mail, only.email) })).status,
      404,
    );
  });

  // Over HTTP a customer without a password confirms an unlink with a mailed code, which is single
  // use: two unlinks cannot both be confirmed at once there. The race is run one level down, on
  // the repository the service uses, with the service's rule, against the same database.
  test('two identities of a customer without a password unlinked at the same moment: one goes, the other is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const first = person('pair');
      const session = await callback(await providerAnswer(first.sub));
      assert.equal(session.status, 200, session.text);
      const token = session.body.access_token;
      assert.equal((await link(token, person('pair-second').sub)).status, 200);
      const linked = (await identities(token)).body.items as { id: string; provider: string }[];
      assert.equal(linked.length, 2);
      const accountId = session.body.customer.id as string;
      const outcomes = await withContainer(suite.db, (c) => {
        const repository = createIdentityRepository(c.db.prisma);
        const entry = (provider: string) =>
          auditEntry(
            'identity_unlinked',
            { role: 'customer', accountId },
            selfCause({ role: 'customer', id: accountId }, {}),
            { provider },
          );
        return Promise.allSettled(
          linked.map((i) => repository.unlink(accountId, i.id, entry(i.provider), new Date(), keepsSignInMethod)),
        );
      });
      const refusals = outcomes.filter((o) => o.status === 'rejected').map((o) => (o.reason as { code?: string }).code);
      assert.deepEqual(refusals, ['last_sign_in_method'], JSON.stringify(outcomes));
      assert.equal((await identities(token)).body.items.length, 1, 'one identity is left');
    }
  });

  test('a flow started to link does not sign in, and one started to sign in does not link', async () => {
    const { sub } = person('crossed');
    const session = await callback(await providerAnswer(sub));
    const linkStart = await request(suite.url, 'POST', '/api/v1/auth/customer/identities/acme/start', {
      token: session.body.access_token,
      json: { redirect_uri: REDIRECT_URI },
    });
    const answer = await authorize(linkStart.body.authorization_url, REDIRECT_URI, sub);
    const crossed = await callback({
      code: answer.get('code')!,
      state: answer.get('state')!,
      iss: answer.get('iss') ?? undefined,
    });
    assert.equal(crossed.status, 400);
    assert.equal(crossed.body.code, 'invalid_state');
  });
});

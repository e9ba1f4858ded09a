// Guest sessions over HTTP: a guest's pair, its refresh and `me`; every route that needs an account
// refusing its token; each way a customer signs up or in (registration, password, code, a provider
// on loopback, a passkey) presenting the guest's refresh token, after which the receiver, verifying
// with the npm `standardwebhooks` library, holds customer.guest_converted with both ids and the
// guest's tokens are refused; stale and malformed guest tokens; the age limit and the address limit.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { decodeJwt } from 'jose';
import { createAuthClient, memoryTokenStore } from '@/client';
import { NAMED_ROUTES } from '@/contract/routes';
import { PASSWORDS, withContainer } from '../support/accounts';
import { createSweeper } from '@/server/db/sweeper';
import { appSuite } from '../support/app-suite';
import { customerCall, registeredCustomer, mailedCode, signInCode } from '../support/customers';
import { get, post, request } from '../support/http';
import { authorize, startTestProvider } from '../support/oidc-provider';
import { registerPasskey } from '../support/passkeys';
import { signIn } from '../support/sign-in';
import { softwareAuthenticator } from '../support/software-authenticator';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { createEndpoint } from '../support/webhooks';

const REDIRECT_URI = 'http://127.0.0.1:9/oidc/callback';
const provider = await startTestProvider({ redirectUris: [REDIRECT_URI] });
let receiver: Receiver;
let adminToken: string;
const s = appSuite({
  smtp: true,
  env: {
    NODE_ENV: 'development',
    TRUST_PROXY: '1',
    WEBHOOK_ALLOW_PRIVATE: '1',
    OIDC_PROVIDERS: 'acme',
    ...provider.env('acme'),
    OIDC_REDIRECT_URIS: REDIRECT_URI,
    RATE_LIMIT_GUEST_PER_IP: '3',
  },
  setup: async (suite) => {
    receiver = await startReceiver();
    adminToken = (await signIn(suite.url, 'admin', suite.seed.admin.email, PASSWORDS.admin)).access_token;
    const created = await createEndpoint(suite.url, adminToken, {
      url: receiver.url,
      events: ['customer.guest_converted'],
      description: 'carts',
    });
    assert.equal(created.status, 201, created.text);
    receiver.secret = created.body.secret;
  },
});
after(async () => {
  await provider.close();
  await receiver?.close();
});

const PASSWORD = 'customer-pass-T6y!u3';
let n = 0;
/** A fresh address (guest starts are limited per address) and e-mail per call. */
const fresh = (label: string) => {
  n += 1;
  return { ip: `10.71.${n}.1`, email: `guest-${label}-${n}@example.com`, sub: `guest-${label}-${n}` };
};

interface Pair {
  access_token: string;
  refresh_token: string;
}

async function startGuest(ip: string) {
  const started = await customerCall(s.url, 'startGuest', { ip });
  assert.equal(started.status, 200, started.text);
  const pair = started.body as Pair;
  return { ...pair, id: decodeJwt(pair.access_token).sub! };
}

/** The guest_converted message of `guestId`, as the receiver verified it. */
async function conversionOf(guestId: string) {
  const of = () => receiver.received.filter((r) => r.verified?.data.guest_id === guestId);
  await receiver.until(() => of().length > 0);
  return of().map((r) => r.verified!);
}

/** After a sign-in presented `guest`: the event names both ids, and the guest's tokens are refused. */
async function assertConverted(guest: { id: string } & Pair, customerId: string) {
  const [message, ...more] = await conversionOf(guest.id);
  assert.equal(more.length, 0, 'one message per conversion');
  assert.equal(message!.type, 'customer.guest_converted');
  assert.equal(message!.data.guest_id, guest.id);
  assert.equal(message!.data.customer_id, customerId);
  assert.deepEqual(message!.data.account, { id: customerId, role: 'customer' });
  const refreshed = await customerCall(s.url, 'refresh', { json: { refresh_token: guest.refresh_token } });
  assert.equal(refreshed.status, 401, 'the guest refresh token is refused afterwards');
  assert.equal(refreshed.body.code, 'invalid_refresh_token');
  assert.equal((await customerCall(s.url, 'me', { token: guest.access_token })).status, 401, 'its access token too');
}

describe('a guest session', () => {
  test('a guest gets a pair with guest claims, refreshes it and calls me', async () => {
    const { ip } = fresh('pair');
    const guest = await startGuest(ip);
    const claims = decodeJwt(guest.access_token);
    assert.equal(claims.role, 'customer');
    assert.equal(claims.guest, true);
    assert.equal(claims.email, undefined, 'no e-mail');
    const me = await customerCall(s.url, 'me', { token: guest.access_token });
    assert.equal(me.status, 200, me.text);
    assert.deepEqual(me.body, { customer: { id: guest.id, guest: true } });

    const refreshed = await customerCall(s.url, 'refresh', { json: { refresh_token: guest.refresh_token } });
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.notEqual(refreshed.body.refresh_token, guest.refresh_token, 'rotated');
    assert.equal(decodeJwt(refreshed.body.refresh_token).guest, true);
    const again = await customerCall(s.url, 'me', { token: refreshed.body.access_token });
    assert.deepEqual(again.body, { customer: { id: guest.id, guest: true } });
  });

  test('client.customer.startGuest stores the guest pair; me and a sign-in with its guest_token follow', async () => {
    const { ip, email } = fresh('client');
    const customer = await registeredCustomer(s.url, s.mail, email, PASSWORD, 'Cli Guest', ip);
    const store = memoryTokenStore();
    const client = createAuthClient({ baseUrl: s.url, tokenStore: store });
    const pair = await client.customer.startGuest();
    assert.equal((await store.get('customer'))?.refresh_token, pair.refresh_token);
    const me = (await client.customer.me()).customer;
    assert.ok('guest' in me && me.guest);
    const guestId = me.id;
    await client.customer.login({ email, password: PASSWORD, guest_token: pair.refresh_token });
    assert.equal((await client.customer.me()).customer.id, customer.customer.id);
    assert.equal((await conversionOf(guestId))[0]!.data.customer_id, customer.customer.id);
  });

  test('a guest token is refused on every route that needs an account: each customer bearer route but me', async () => {
    const guest = await startGuest(fresh('refused').ip);
    const needAccount = NAMED_ROUTES.filter(
      ({ route }) => route.role === 'customer' && route.auth === 'bearer' && !route.guests,
    );
    assert.ok(needAccount.length >= 15, `${needAccount.length} routes`);
    for (const { key, route } of needAccount) {
      const path = `/api/v1${route.path.replace(/\{\w+\}/g, 'some-id')}`;
      for (const method of route.methods) {
        const answer = await request(s.url, method, path, {
          token: guest.access_token,
          json: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        assert.equal(answer.status, 401, `${key} ${method}: ${answer.text}`);
        assert.equal(answer.body.code, 'invalid_token', key);
      }
    }
    // And the staff routes, as any customer token.
    assert.equal((await get(s.url, '/api/v1/auth/admin/me', guest.access_token)).status, 401);
  });

  test('a guest never shows in the admins’ customer list', async () => {
    const guest = await startGuest(fresh('hidden').ip);
    const listed = await get(s.url, '/api/v1/admin/customers?limit=100', adminToken);
    assert.equal(listed.status, 200, listed.text);
    assert.ok(!listed.body.items.some((c: { id: string }) => c.id === guest.id));
    assert.equal((await get(s.url, `/api/v1/admin/customers/${guest.id}`, adminToken)).status, 404);
  });

  test('guest sessions are limited per address', async () => {
    const { ip } = fresh('limit');
    for (let i = 0; i < 3; i++) await startGuest(ip);
    const refused = await customerCall(s.url, 'startGuest', { ip });
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.body.code, 'rate_limited');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    await startGuest(fresh('limit-other').ip);
  });
});

describe('signing up or in with the guest token links the guest and ends it', () => {
  test('sign-up: the registration code verified with guest_token', async () => {
    const { ip, email } = fresh('signup');
    const guest = await startGuest(ip);
    const since = s.mail.messages.length;
    await customerCall(s.url, 'register', { json: { email, password: PASSWORD, name: 'Gus Guest' }, ip });
    const code = await mailedCode(s.mail, email, since);
    const verified = await customerCall(s.url, 'verifyRegistration', {
      json: { email, code, guest_token: guest.refresh_token },
    });
    assert.equal(verified.status, 200, verified.text);
    await assertConverted(guest, verified.body.customer.id);
  });

  test('password sign-in', async () => {
    const { ip, email } = fresh('password');
    const customer = await registeredCustomer(s.url, s.mail, email, PASSWORD, 'Pat Password', ip);
    const guest = await startGuest(ip);
    const signedIn = await customerCall(s.url, 'login', {
      json: { email, password: PASSWORD, guest_token: guest.refresh_token },
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    await assertConverted(guest, customer.customer.id);
  });

  test('code sign-in', async () => {
    const { ip, email } = fresh('code');
    const customer = await registeredCustomer(s.url, s.mail, email, PASSWORD, 'Cody Code', ip);
    const guest = await startGuest(ip);
    const code = await signInCode(s.url, s.mail, email);
    const signedIn = await customerCall(s.url, 'verifyLoginCode', {
      json: { email, code, guest_token: guest.refresh_token },
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    await assertConverted(guest, customer.customer.id);
  });

  test('provider sign-in on loopback', async () => {
    const { ip, email, sub } = fresh('provider');
    provider.setAccount(sub, { email, email_verified: true, name: 'Prov Ider' });
    const guest = await startGuest(ip);
    const oidcStart = await post(s.url, '/api/v1/auth/customer/oidc/acme/start', { redirect_uri: REDIRECT_URI });
    assert.equal(oidcStart.status, 200, oidcStart.text);
    const answer = await authorize(oidcStart.body.authorization_url, REDIRECT_URI, sub);
    const signedIn = await post(s.url, '/api/v1/auth/customer/oidc/acme/callback', {
      code: answer.get('code'),
      state: answer.get('state'),
      ...(answer.get('iss') ? { iss: answer.get('iss') } : {}),
      guest_token: guest.refresh_token,
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    await assertConverted(guest, signedIn.body.customer.id);
    const [message] = await conversionOf(guest.id);
    assert.equal(message!.data.provider, 'acme');
  });

  test('passkey sign-in', async () => {
    const { ip, email } = fresh('passkey');
    const customer = await registeredCustomer(s.url, s.mail, email, PASSWORD, 'Kee Passer', ip);
    const authenticator = softwareAuthenticator(s.url);
    const registered = await registerPasskey(s.url, 'customer', authenticator, 'Phone', {
      token: customer.access_token,
    });
    assert.equal(registered.status, 200, registered.text);
    const guest = await startGuest(ip);
    const options = await post(s.url, '/api/v1/auth/customer/passkeys/login/options', {});
    const signedIn = await post(s.url, '/api/v1/auth/customer/passkeys/login/verify', {
      response: authenticator.assert(options.body),
      guest_token: guest.refresh_token,
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    await assertConverted(guest, customer.customer.id);
  });
});

describe('guest tokens that link nothing', () => {
  test('a spent guest token signs in but records no second conversion; a malformed one is 400', async () => {
    const { ip, email } = fresh('stale');
    const customer = await registeredCustomer(s.url, s.mail, email, PASSWORD, 'Stale Cart', ip);
    const guest = await startGuest(ip);
    const login = (guestToken: unknown) =>
      customerCall(s.url, 'login', { json: { email, password: PASSWORD, guest_token: guestToken } });
    assert.equal((await login(guest.refresh_token)).status, 200);
    await assertConverted(guest, customer.customer.id);
    const again = await login(guest.refresh_token);
    assert.equal(again.status, 200, 'a stale guest token never blocks a sign-in');
    assert.equal((await conversionOf(guest.id)).length, 1, 'and links nothing again');
    // A customer's own refresh token is no guest's: ignored too.
    assert.equal((await login(customer.refresh_token)).status, 200);
    const malformed = await login('not a token');
    assert.equal(malformed.status, 400, malformed.text);
    assert.equal(malformed.body.code, 'validation_failed');
  });

  test('a guest past GUEST_MAX_AGE is refused, links nothing, and is swept', async () => {
    const { ip, email } = fresh('old');
    await registeredCustomer(s.url, s.mail, email, PASSWORD, 'Old Cart', ip);
    const guest = await startGuest(ip);
    await withContainer(s.db, ({ db: { prisma } }) =>
      prisma.guest.update({ where: { id: guest.id }, data: { createdAt: new Date(Date.now() - 31 * 86400_000) } }),
    );
    assert.equal((await customerCall(s.url, 'me', { token: guest.access_token })).status, 401);
    const refreshed = await customerCall(s.url, 'refresh', { json: { refresh_token: guest.refresh_token } });
    assert.equal(refreshed.status, 401, refreshed.text);
    const signedIn = await customerCall(s.url, 'login', {
      json: { email, password: PASSWORD, guest_token: guest.refresh_token },
    });
    assert.equal(signedIn.status, 200);
    // The running app's sweeper, one pass of it, over the same database (cleanup.test.ts runs it on its timer).
    const swept = await withContainer(s.db, async ({ db: { prisma }, logger }) => {
      const removed = await createSweeper(prisma, { now: () => new Date() }, logger).sweepOnce();
      return { removed, left: await prisma.guest.findUnique({ where: { id: guest.id } }) };
    });
    assert.ok(swept.removed.guests! >= 1);
    assert.equal(swept.left, null, 'swept');
    assert.equal(receiver.received.filter((r) => r.verified?.data.guest_id === guest.id).length, 0);
  });
});

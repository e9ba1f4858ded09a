// Token introspection (RFC 7662) for the platform's services, on the started app: a live access
// token answers its claims, anything else exactly {active: false} (every way a token is revoked
// included, by the checks of this service's own routes); HTTP Basic client authentication as RFC
// 6749 section 2.3.1 encodes it; the per-client limit; and an OAuth library's client reading it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import * as oauth from 'oauth4webapi';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';
import { revocationCases } from '../support/revocations';
import { introspect, rawBasic, registerServiceClient, type ServiceCredentials } from '../support/service-calls';
import { signIn } from '../support/sign-in';
import { decodePayload, forge } from '../support/tokens';

const ENV = { PASSWORD_RESET_LOG_OTP: '1' };
let client: ServiceCredentials;
const app = appSuite({
  env: ENV,
  setup: async (suite) => void (client = await registerServiceClient(suite.db, 'orders')),
});

async function assertInactive(token: string, label: string) {
  const res = await introspect(app.url, client, token);
  assert.equal(res.status, 200, `${label}: ${res.text}`);
  assert.deepEqual(res.body, { active: false }, label);
}

test('a live access token answers active with the claims it carries, for each role and a PIN session', async () => {
  const employee = await signIn(app.url, 'vendor', app.seed.employee.email, PASSWORDS.employee);
  const res = await introspect(app.url, client, employee.access_token);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.headers.get('content-type'), 'application/json');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const claims = decodePayload(employee.access_token);
  assert.deepEqual(res.body, {
    active: true,
    token_type: 'Bearer',
    sub: app.seed.employee.id,
    role: 'vendor',
    exp: claims.exp,
    iat: claims.iat,
    sid: claims.sid,
    vendor_type: 'employee',
    vendor_id: app.seed.vendor.id,
    modules: ['orders'],
    module_permissions: { orders: ['read'] },
  });
  const admin = (
    await introspect(
      app.url,
      client,
      (await signIn(app.url, 'admin', app.seed.admin.email, PASSWORDS.admin)).access_token,
    )
  ).body;
  assert.equal(admin.admin_type, 'super_admin');
  assert.equal(admin.role, 'admin');
  const customer = (
    await introspect(
      app.url,
      client,
      (await signIn(app.url, 'customer', app.seed.customer.email, PASSWORDS.customer)).access_token,
    )
  ).body;
  assert.equal(customer.active, true);
  assert.equal(customer.role, 'customer');
  assert.equal(customer.admin_type ?? customer.vendor_type, undefined);
});

test('expired, forged, refresh and malformed tokens: {active: false} and nothing else', async () => {
  const signed = await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner);
  const claims = decodePayload(signed.access_token);
  const now = Math.floor(Date.now() / 1000);
  await assertInactive(
    await forge({ ...claims, iat: now - 3600, exp: now - 60 }, { iat: now - 3600, exp: now - 60 }),
    'expired',
  );
  await assertInactive(await forge(claims, { secret: 'another-secret-of-32-characters-or-more' }), 'another key');
  await assertInactive(signed.refresh_token, 'a refresh token');
  await assertInactive(await forge({ ...claims, role: 'admin' }), "another role than the account's");
  for (const junk of ['', 'x', 'a.b.c', 'é'.repeat(20), signed.access_token.slice(0, -2)])
    await assertInactive(junk, `junk ${JSON.stringify(junk.slice(0, 8))}`);
  assert.equal((await introspect(app.url, client, signed.access_token)).body.active, true, 'the real one still is');
});

test('every way a token is revoked makes it inactive at once', async () => {
  for (const revocation of await revocationCases(app, 'intro')) {
    const token = await revocation.signIn();
    const live = await introspect(app.url, client, token);
    assert.equal(live.body.active, true, `${revocation.name}: live before (${live.text})`);
    if (
      revocation.kind !== 'account' &&
      revocation.name !== 'logout' &&
      revocation.name !== 'session ended by the owner'
    )
      assert.equal(typeof live.body.terminal_id, 'string');
    await revocation.revoke(token);
    await assertInactive(token, revocation.name);
  }
});

test('client authentication: missing or wrong credentials are 401 with a Basic challenge', async () => {
  const signed = await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner);
  const refusals: Array<[string, string | undefined]> = [
    ['no header', undefined],
    ['a bearer token', `Bearer ${signed.access_token}`],
    ['wrong secret', rawBasic(client.client_id, `${client.client_secret}x`)],
    ['unknown client', rawBasic('svc_nobody', client.client_secret)],
    ['no colon', `Basic ${Buffer.from(client.client_id).toString('base64')}`],
    ['bad percent-encoding', rawBasic(client.client_id, '%E0%A4%A')],
  ];
  for (const [label, authorization] of refusals) {
    const res = await introspect(app.url, { authorization }, signed.access_token);
    assert.equal(res.status, 401, `${label}: ${res.text}`);
    assert.equal(res.body.code, 'invalid_client', label);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.match(res.headers.get('www-authenticate') ?? '', /^Basic /, label);
  }
});

test('credentials are form-url-decoded (RFC 6749 2.3.1): a secret with ":", "+" and "é" works encoded', async () => {
  const secret = 'a:b+c é/%';
  const clientId = 'svc_encoded:client';
  await withContainer(app.db, ({ db }) =>
    db.prisma.serviceClient.create({
      data: {
        id: 'encoded-client',
        name: 'encoded',
        clientId,
        secretHash: createHash('sha256').update(secret).digest('hex'),
      },
    }),
  );
  const token = (await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner)).access_token;
  const ok = await introspect(app.url, { client_id: clientId, client_secret: secret }, token);
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.active, true);
  // The same characters unencoded: the first ":" splits, so the secret read is wrong.
  const raw = await introspect(app.url, { authorization: rawBasic(clientId, secret) }, token);
  assert.equal(raw.status, 401);
});

test('after a rotation the previous secret keeps working during the overlap, and the new one works', async () => {
  const rotating = await registerServiceClient(app.db, 'rotating');
  const rotated = await withContainer(app.db, ({ auth }) => auth.serviceClients.operator.rotate(rotating.client_id));
  const token = (await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner)).access_token;
  assert.equal((await introspect(app.url, rotating, token)).body.active, true, 'the previous secret');
  assert.equal(
    (await introspect(app.url, { client_id: rotating.client_id, client_secret: rotated.client_secret }, token)).body
      .active,
    true,
    'the new secret',
  );
  await withContainer(app.db, ({ auth }) => auth.serviceClients.operator.remove(rotating.client_id));
  assert.equal((await introspect(app.url, rotating, token)).status, 401, 'a removed client');
});

test("an OAuth library's introspection client (oauth4webapi) reads the answers", async () => {
  const as: oauth.AuthorizationServer = {
    issuer: app.url,
    introspection_endpoint: `${app.url}/api/v1/auth/introspect`,
  };
  const oauthClient: oauth.Client = { client_id: client.client_id };
  const ask = async (token: string) =>
    oauth.processIntrospectionResponse(
      as,
      oauthClient,
      await oauth.introspectionRequest(as, oauthClient, oauth.ClientSecretBasic(client.client_secret), token, {
        [oauth.allowInsecureRequests]: true,
      }),
    );
  const signed = await signIn(app.url, 'vendor', app.seed.employee.email, PASSWORDS.employee);
  const live = await ask(signed.access_token);
  assert.equal(live.active, true);
  assert.equal(live.sub, app.seed.employee.id);
  assert.equal(live.token_type, 'Bearer');
  assert.equal(typeof live.exp, 'number');
  await request(app.url, 'POST', '/api/v1/auth/vendor/logout', { json: { refresh_token: signed.refresh_token } });
  assert.deepEqual({ ...(await ask(signed.access_token)) }, { active: false });
});

test('a JSON body is 415 whose title and detail agree: introspection takes a form-encoded body (RFC 7662)', async () => {
  const auth = { authorization: rawBasic(client.client_id, client.client_secret) };
  const res = await request(app.url, 'POST', '/api/v1/auth/introspect', {
    body: '{"token":"x"}',
    headers: { ...auth, 'content-type': 'application/json' },
  });
  assert.equal(res.status, 415, res.text);
  assert.equal(res.body.code, 'unsupported_media_type');
  assert.match(res.body.detail, /application\/x-www-form-urlencoded/);
  assert.doesNotMatch(
    res.body.title,
    /JSON/,
    `the title does not ask for the JSON the detail refuses: ${res.body.title}`,
  );
  // The one title of the code reads as true on a JSON route too.
  const login = await request(app.url, 'POST', '/api/v1/auth/admin/login', {
    body: 'email=a',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(login.status, 415, login.text);
  assert.equal(login.body.title, res.body.title);
  assert.match(login.body.detail, /application\/json/);
});

test('bad requests are 400 or 415 problem+json, and the per-client limit is 429 with Retry-After', async () => {
  const auth = { authorization: rawBasic(client.client_id, client.client_secret) };
  const send = (body: string, contentType: string) =>
    request(app.url, 'POST', '/api/v1/auth/introspect', { body, headers: { ...auth, 'content-type': contentType } });
  for (const [body, type, status] of [
    ['token_type_hint=access_token', 'application/x-www-form-urlencoded', 400],
    ['token=a&token=b', 'application/x-www-form-urlencoded', 400],
    ['token=a%00b', 'application/x-www-form-urlencoded', 400],
    [`token=${'a'.repeat(10_000)}`, 'application/x-www-form-urlencoded', 400],
    [`token=${'a'.repeat(20_000)}`, 'application/x-www-form-urlencoded', 413],
    ['{"token":"x"}', 'application/json', 415],
  ] as const) {
    const res = await send(body, type);
    assert.equal(res.status, status, `${body.slice(0, 30)}: ${res.text}`);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  }

  const limited = await app.start({ ...ENV, INTROSPECT_PER_MINUTE: '3' });
  const busy = await registerServiceClient(app.db, 'busy');
  // Four calls pass the limit of three, unless a new minute began among them: then a few more.
  const statuses: number[] = [];
  let refused = await introspect(limited.url, busy, 'x');
  for (let i = 0; refused.status === 200 && i < 8; i += 1) {
    statuses.push(refused.status);
    refused = await introspect(limited.url, busy, 'x');
  }
  assert.equal(refused.status, 429, `${statuses.join(',')} then ${refused.text}`);
  assert.ok(statuses.length >= 3, `${statuses.length} calls passed before the refusal`);
  assert.equal(refused.body.code, 'rate_limited');
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  const quiet = await registerServiceClient(app.db, 'quiet');
  assert.equal((await introspect(limited.url, quiet, 'x')).status, 200, 'another client has its own count');
});

test('a guest session’s token is active with guest: true; once a sign-in linked the guest it is inactive', async () => {
  const guest = await request(app.url, 'POST', '/api/v1/auth/customer/guest');
  assert.equal(guest.status, 200, guest.text);
  const res = await introspect(app.url, client, guest.body.access_token);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.active, true);
  assert.equal(res.body.guest, true);
  assert.equal(res.body.role, 'customer');
  assert.equal(res.body.sub, decodePayload(guest.body.access_token).sub);
  const linked = await request(app.url, 'POST', '/api/v1/auth/customer/login', {
    json: { email: app.seed.customer.email, password: PASSWORDS.customer, guest_token: guest.body.refresh_token },
  });
  assert.equal(linked.status, 200, linked.text);
  await assertInactive(guest.body.access_token, 'the linked guest');
  assert.equal(
    (await introspect(app.url, client, linked.body.access_token)).body.guest,
    undefined,
    'a customer is no guest',
  );
});

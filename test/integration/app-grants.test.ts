// The grants of the platform's apps reaching another service: the example orders service, in its own
// process with the guard kit and its resource named, accepts an app's token for exactly its scopes
// and refuses one for another resource; introspection answers for app tokens; the person lists their
// connected apps and ends one, an owner ends a staff member's, the app revokes its own token, the
// person is disabled: each time the service refuses the app's token within 1 s, through the feed.
import assert from 'node:assert/strict';
import { after, test, type TestContext } from 'node:test';
import * as oidc from 'openid-client';
import { createGuard } from '@/guard-kit';
import { PASSWORDS, withContainer } from '../support/accounts';
import { request } from '../support/http';
import { authorizationUrl, oauthBrowser, oauthSuite, registerApp, type Person } from '../support/oauth-browser';
import { listOrders, refusalTime, startOrdersService, type OrdersService } from '../support/orders-service';
import { introspect, registerServiceClient, type ServiceCredentials } from '../support/service-calls';
import { signIn } from '../support/sign-in';

const ORDERS = 'https://orders.example';
const REDIRECT = 'https://ledger.example/callback';
const PASSWORD = 'granting-pass-K6p!w3';
let orders: OrdersService;
let service: ServiceCredentials;
const app = oauthSuite({
  setup: async (suite) => {
    service = await registerServiceClient(suite.db, 'orders');
    orders = await startOrdersService({
      AUTH_API_URL: suite.url,
      AUTH_CLIENT_ID: service.client_id,
      AUTH_CLIENT_SECRET: service.client_secret,
      AUTH_RESOURCE: ORDERS,
    });
    // Tokens issued from the next second on are newer than the feed's start: none needs introspecting.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  },
});
after(() => orders?.stop());
const insecure = { execute: [oidc.allowInsecureRequests] };
let serial = 0;

/** An employee of the seed business with orders read and write, signed in by password. */
async function employee(): Promise<Person & { id: string }> {
  const email = `granting-${++serial}@example.com`;
  const id = await withContainer(app.db, async ({ auth }) => {
    const made = await auth.operator.createEmployee({
      vendor_id: app.seed.vendor.id,
      email,
      password: PASSWORD,
      name: `Granting ${serial}`,
      modules: ['orders'],
      module_permissions: { orders: ['read', 'write'] },
      store_ids: [],
    });
    return made.id;
  });
  return { role: 'vendor', email, password: PASSWORD, id };
}

/** A new confidential app authorized by `person` for `scope` and `resource` (null: the issuer's own): its tokens. */
async function authorized(person: Person, scope: string, resource: string | null = ORDERS) {
  const created = await registerApp(app.db, {
    name: `Ledger ${++serial}`,
    type: 'confidential',
    redirect_uris: [REDIRECT],
    scopes: ['openid', 'email', 'offline_access', 'orders:read', 'orders:write'],
  });
  const secret = oidc.ClientSecretBasic(created.client_secret);
  const config = await oidc.discovery(new URL(app.url), created.client_id, undefined, secret, insecure);
  const { url, verifier } = await authorizationUrl(config, REDIRECT, scope, resource ? { resource } : {});
  const { callback } = await oauthBrowser(app.url).authorize(url, person);
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
  return { clientId: created.client_id, config, tokens };
}

const token = async (person: Person) =>
  (await signIn(app.url, person.role, person.email, person.password)).access_token;

test("an app's token passes the kit for its scopes only, names the app, and is refused for another resource", async () => {
  const owner = { role: 'vendor' as const, email: app.seed.owner.email, password: PASSWORDS.owner };
  const { clientId, tokens } = await authorized(owner, 'orders:read');
  const reading = await listOrders(orders, tokens.access_token);
  assert.equal(reading.status, 200, reading.text);
  const writing = await request(orders.url, 'POST', '/orders', { token: tokens.access_token, json: { note: 'x' } });
  assert.equal(writing.status, 403, "an owner's app token does not pass beyond its scopes");
  assert.equal(writing.body.code, 'permission_denied');

  const guard = createGuard({ apiUrl: app.url, revocation: 'none', resource: ORDERS });
  const principal = await guard.authenticate(tokens.access_token);
  assert.equal(principal.clientId, clientId, 'the kit names the app');
  assert.deepEqual(principal.scopes, ['orders:read']);
  assert.equal(principal.accountId, app.seed.owner.id);
  assert.equal(principal.vendorId, app.seed.vendor.id, 'for its business');
  assert.deepEqual(principal.modulePermissions, { orders: ['read'] });

  const own = await authorized(owner, 'openid email orders:read', null);
  const elsewhere = await listOrders(orders, own.tokens.access_token);
  assert.equal(elsewhere.status, 401, "a token for the auth service's own resource is refused");
  assert.equal(elsewhere.body.code, 'invalid_token');
  const unnamed = createGuard({ apiUrl: app.url, revocation: 'none' });
  await assert.rejects(
    unnamed.authenticate(tokens.access_token),
    (error: { code?: string }) => error.code === 'invalid_token',
    'no resource, no app',
  );
  assert.equal((await listOrders(orders, await token(owner))).status, 200, "the service's own tokens still pass");
});

test("introspection answers for an app's token: the app, its scopes and its resource; ended, inactive", async () => {
  const person = await employee();
  const { clientId, tokens } = await authorized(person, 'orders:read offline_access');
  const answer = await introspect(app.url, service, tokens.access_token);
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.body.active, true);
  assert.equal(answer.body.client_id, clientId);
  assert.equal(answer.body.scope, 'orders:read');
  assert.deepEqual(answer.body.aud, [ORDERS]);
  assert.equal(answer.body.sub, person.id);
  assert.equal(answer.body.vendor_id, app.seed.vendor.id);
  const ended = await request(app.url, 'DELETE', `/api/v1/auth/vendor/apps/${clientId}`, {
    token: await token(person),
  });
  assert.equal(ended.status, 204, ended.text);
  assert.deepEqual((await introspect(app.url, service, tokens.access_token)).body, { active: false });
});

test('the person lists their connected apps and ends one: its tokens are refused within 1 s', async (t: TestContext) => {
  const person = await employee();
  const { clientId, config, tokens } = await authorized(person, 'orders:read orders:write offline_access');
  assert.equal((await listOrders(orders, tokens.access_token)).status, 200);
  const session = await token(person);
  const listed = await request(app.url, 'GET', '/api/v1/auth/vendor/apps', { token: session });
  assert.equal(listed.status, 200, listed.text);
  const [entry] = listed.body.items;
  assert.equal(entry.client_id, clientId);
  assert.match(entry.name, /^Ledger/);
  assert.deepEqual(new Set(entry.scopes), new Set(['orders:read', 'orders:write', 'offline_access']));
  assert.ok(Date.parse(entry.granted_at) <= Date.parse(entry.last_used_at));

  const ended = await request(app.url, 'DELETE', `/api/v1/auth/vendor/apps/${clientId}`, { token: session });
  assert.equal(ended.status, 204, ended.text);
  t.diagnostic(`refused ${await refusalTime(orders, tokens.access_token, 1000, 'grant ended')} ms after the answer`);
  await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token!), 'its refresh token ended with it');
  assert.deepEqual((await request(app.url, 'GET', '/api/v1/auth/vendor/apps', { token: session })).body.items, []);
  const again = await request(app.url, 'DELETE', `/api/v1/auth/vendor/apps/${clientId}`, { token: session });
  assert.equal(again.status, 404);
});

test("an owner sees and ends a staff member's grant; a customer lists and ends theirs", async (t: TestContext) => {
  const person = await employee();
  const { clientId, tokens } = await authorized(person, 'orders:read');
  const owner = await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner);
  const staff = await request(app.url, 'GET', '/api/v1/vendor/apps', { token: owner.access_token });
  assert.equal(staff.status, 200, staff.text);
  const theirs = staff.body.items.find((item: { account_id: string }) => item.account_id === person.id);
  assert.equal(theirs?.client_id, clientId);
  assert.equal(theirs?.email, person.email);
  const path = `/api/v1/vendor/apps/${person.id}/${clientId}`;
  assert.equal((await request(app.url, 'DELETE', path, { token: owner.access_token })).status, 204);
  t.diagnostic(`refused ${await refusalTime(orders, tokens.access_token, 1000, "owner's end")} ms after the answer`);

  const customer = { role: 'customer' as const, email: app.seed.customer.email, password: PASSWORDS.customer };
  const signedIn = await authorized(customer, 'openid email', null);
  const session = await token(customer);
  const mine = await request(app.url, 'GET', '/api/v1/auth/customer/apps', { token: session });
  assert.equal(mine.body.items[0]?.client_id, signedIn.clientId, mine.text);
  const removed = `/api/v1/auth/customer/apps/${signedIn.clientId}`;
  assert.equal((await request(app.url, 'DELETE', removed, { token: session })).status, 204);
  assert.equal(
    await oidc.fetchUserInfo(signedIn.config, signedIn.tokens.access_token, oidc.skipSubjectCheck).then(
      () => 200,
      () => 401,
    ),
    401,
    "userinfo refuses the ended grant's token",
  );
});

test("the app revoking its refresh token, or the person disabled: the app's tokens are refused within 1 s", async (t: TestContext) => {
  const person = await employee();
  const { config, tokens } = await authorized(person, 'orders:read offline_access');
  assert.equal((await listOrders(orders, tokens.access_token)).status, 200);
  await oidc.tokenRevocation(config, tokens.refresh_token!);
  t.diagnostic(`revoked: refused ${await refusalTime(orders, tokens.access_token, 1000, 'revoked')} ms after`);
  const events = await withContainer(app.db, ({ db }) =>
    db.prisma.auditEvent.findMany({ where: { accountId: person.id, event: 'app_revoked' } }),
  );
  assert.equal(events.length, 1, 'the revocation is an audit event');

  const other = await employee();
  const granted = await authorized(other, 'orders:read offline_access');
  assert.equal((await listOrders(orders, granted.tokens.access_token)).status, 200);
  await withContainer(app.db, ({ auth }) => auth.operator.setDisabled('vendor', other.email, true));
  t.diagnostic(
    `disabled: refused ${await refusalTime(orders, granted.tokens.access_token, 1000, 'disabled')} ms after`,
  );
  await assert.rejects(oidc.refreshTokenGrant(granted.config, granted.tokens.refresh_token!), 'no refresh either');
});

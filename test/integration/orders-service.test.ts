// The example orders service, in its own process, protected by the guard kit against the started
// auth service (EdDSA, keys from the JWKS): the module rules answer exactly as this service's own
// guards would, in the same problem+json; a token made with JWT_ACCESS_SECRET is refused.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { TEST_SECRETS, type RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';
import { startOrdersService, type OrdersService } from '../support/orders-service';
import { signIn } from '../support/sign-in';
import { pairDevice, pinLogin, setPin } from '../support/terminals';
import { decodePayload, expiredWithKey, forge } from '../support/tokens';

const key = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const STRANGER = { email: 'u-stranger@example.com', password: 'stranger-pass-T4q#m7' };
let orders: OrdersService;
let hsApp: RunningApp; // the same database under HS256
let hsOrders: OrdersService; // a service holding JWT_ACCESS_SECRET instead of reading the JWKS
const auth = appSuite({
  env: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: key.privateKey },
  setup: async (suite) => {
    orders = await startOrdersService({ AUTH_API_URL: suite.url, AUTH_REVOCATION: 'none' });
    hsApp = await suite.start({});
    hsOrders = await startOrdersService({
      AUTH_API_URL: hsApp.url,
      AUTH_REVOCATION: 'none',
      AUTH_ACCESS_SECRET: TEST_SECRETS.JWT_ACCESS_SECRET,
    });
    // An employee of the business without the orders module.
    await withContainer(suite.db, ({ auth: service }) =>
      service.operator.createEmployee({
        vendor_id: suite.seed.vendor.id,
        email: STRANGER.email,
        password: STRANGER.password,
        name: 'Sid Stranger',
        modules: ['catalogue'],
        module_permissions: { catalogue: ['read'] },
        store_ids: [suite.seed.storeA.id],
      }),
    );
  },
});
const { seed } = auth;
after(() => Promise.all([orders?.stop(), hsOrders?.stop()]));

const listOrders = (token?: string) => request(orders.url, 'GET', '/orders', { token });
const addOrder = (token: string) => request(orders.url, 'POST', '/orders', { token, json: { note: 'two coffees' } });

function assertProblem(res: Awaited<ReturnType<typeof listOrders>>, status: number, code: string) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.headers.get('content-type'), 'application/problem+json');
  assert.equal(res.body.code, code);
  assert.equal(res.body.status, status);
  assert.equal(res.body.type, `urn:problem:auth:${code}`);
  assert.equal(typeof res.body.title, 'string');
  assert.equal(typeof res.body.detail, 'string');
}

test('an employee with the orders module lists orders; without orders:write it may not add one (permission_denied)', async () => {
  const employee = await signIn(auth.url, 'vendor', seed.employee.email, PASSWORDS.employee);
  const listed = await listOrders(employee.access_token);
  assert.equal(listed.status, 200, listed.text);
  assert.deepEqual(listed.body.items, []);
  assertProblem(await addOrder(employee.access_token), 403, 'permission_denied');
});

test('an employee without the orders module is refused with module_denied; the owner passes every guard', async () => {
  const stranger = await signIn(auth.url, 'vendor', STRANGER.email, STRANGER.password);
  assertProblem(await listOrders(stranger.access_token), 403, 'module_denied');
  const owner = await signIn(auth.url, 'vendor', seed.owner.email, PASSWORDS.owner);
  const added = await addOrder(owner.access_token);
  assert.equal(added.status, 201, added.text);
  assert.equal(added.body.vendor_id, seed.vendor.id);
  assert.equal((await listOrders(owner.access_token)).body.items.length, 1);
});

test('a PIN session at a till looks orders up, and adding one asks for a password sign-in (step_up_required)', async () => {
  const owner = await signIn(auth.url, 'vendor', seed.owner.email, PASSWORDS.owner);
  const device = await pairDevice(auth.url, owner.access_token, seed.storeA.id, seed.tillA.id);
  await setPin(auth.url, owner.access_token, PASSWORDS.owner, '482915');
  const pin = await pinLogin(auth.url, device, seed.owner.id, '482915');
  assert.equal(pin.status, 200, pin.text);
  assert.equal((await listOrders(pin.body.access_token)).status, 200);
  assertProblem(await addOrder(pin.body.access_token), 403, 'step_up_required');
});

test('no token, a malformed one, or one made with JWT_ACCESS_SECRET: 401 invalid_token with the bearer challenge', async () => {
  assertProblem(await listOrders(), 401, 'invalid_token');
  // No token sent: the challenge names no error (RFC 6750 section 3.1); a refused one does.
  assert.equal((await listOrders()).headers.get('www-authenticate'), 'Bearer');
  const malformed = await listOrders('not-a-jwt');
  assertProblem(malformed, 401, 'invalid_token');
  assert.match(malformed.headers.get('www-authenticate') ?? '', /^Bearer error="invalid_token"/);
  const real = decodePayload((await signIn(auth.url, 'vendor', seed.owner.email, PASSWORDS.owner)).access_token);
  assertProblem(await listOrders(await forge(real)), 401, 'invalid_token');
});

test('a token signed with the real key but past its expiry: 401 token_expired', async () => {
  const real = decodePayload((await signIn(auth.url, 'vendor', seed.owner.email, PASSWORDS.owner)).access_token);
  const expired = await expiredWithKey(key.privateKey, real, 'at+jwt');
  assertProblem(await listOrders(expired), 401, 'token_expired');
});

test('under HS256 the service verifies with the shared secret, and refuses what the key pair signed', async () => {
  const hs = await signIn(hsApp.url, 'vendor', seed.employee.email, PASSWORDS.employee);
  assert.equal((await request(hsOrders.url, 'GET', '/orders', { token: hs.access_token })).status, 200);
  const ed = await signIn(auth.url, 'vendor', seed.employee.email, PASSWORDS.employee);
  assertProblem(await request(hsOrders.url, 'GET', '/orders', { token: ed.access_token }), 401, 'invalid_token');
  assertProblem(await listOrders(hs.access_token), 401, 'invalid_token');
});

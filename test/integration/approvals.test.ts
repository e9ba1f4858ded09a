// Approvals at the till, end to end: a cashier's PIN session asks, a manager of the store types
// their PIN on the same terminal, and the example orders service (two processes of it, as a fleet
// runs) refunds only with that approval for that order, spending it once between them.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, test } from 'node:test';
import { decodeProtectedHeader } from 'jose';
import { appSuite } from '../support/app-suite';
import {
  approve,
  approvedToken,
  askApproval,
  cashierSession,
  PINS,
  seedApprovalWorld,
  spendApproval,
  type ApprovalWorld,
} from '../support/approvals';
import { request, type Answer } from '../support/http';
import { startOrdersService, type OrdersService } from '../support/orders-service';
import { registerServiceClient, type ServiceCredentials } from '../support/service-calls';
import { pinLogin } from '../support/terminals';
import { decodePayload, expiredWithKey } from '../support/tokens';

const key = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
let world: ApprovalWorld;
let client: ServiceCredentials;
let fleet: OrdersService[] = [];
const auth = appSuite({
  env: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: key.privateKey },
  setup: async (suite) => {
    world = await seedApprovalWorld(suite.url, suite.db, suite.seed, 'approvals');
    client = await registerServiceClient(suite.db, 'orders');
    const env = {
      AUTH_API_URL: suite.url,
      AUTH_REVOCATION: 'none',
      AUTH_CLIENT_ID: client.client_id,
      AUTH_CLIENT_SECRET: client.client_secret,
    };
    fleet = await Promise.all([startOrdersService(env), startOrdersService(env)]);
  },
});
after(() => Promise.all(fleet.map((service) => service.stop())));

const refund = (service: OrdersService, session: string, orderId: string, approval?: string) =>
  request(service.url, 'POST', `/orders/${orderId}/refund`, {
    token: session,
    headers: approval ? { 'x-approval-token': approval } : {},
  });

function assertProblem(res: Answer, status: number, code: string) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.code, code, res.text);
}

test("a manager's PIN approves the cashier's refund: a JWT naming the action, reference, amount, both people, terminal and store, valid 60 s", async () => {
  const session = await cashierSession(auth.url, world);
  const asked = await askApproval(auth.url, session, { action: 'refund', reference: 'order-1', amount: '9.90' });
  assert.equal(asked.status, 201, asked.text);
  assert.equal(asked.body.expires_in, 300);
  const approved = await approve(auth.url, session, asked.body.approval_id, world.manager.id, PINS.manager);
  assert.equal(approved.status, 200, approved.text);
  const token = approved.body.approval_token as string;
  assert.equal(decodeProtectedHeader(token).typ, 'approval+jwt');
  assert.equal(decodeProtectedHeader(token).alg, 'EdDSA');
  const claims = decodePayload(token);
  assert.equal(claims.action, 'refund');
  assert.equal(claims.reference, 'order-1');
  assert.equal(claims.amount, '9.90');
  assert.equal(claims.requester, world.cashier.id);
  assert.equal(claims.sub, world.manager.id);
  assert.equal(claims.terminal_id, world.till.id);
  assert.equal(claims.store_id, auth.seed.storeA.id);
  assert.equal(claims.jti, asked.body.approval_id);
  assert.equal(Number(claims.exp) - Number(claims.iat), 60);
  // An approval token is no access token: the service's own routes refuse it.
  assertProblem(await request(auth.url, 'GET', '/api/v1/auth/vendor/me', { token }), 401, 'invalid_token');
  const events = await request(auth.url, 'GET', '/api/v1/vendor/audit-events?event=approval_granted', {
    token: world.ownerToken,
  });
  assert.ok(
    events.body.items.some((e: { account_id: string }) => e.account_id === world.manager.id),
    events.text,
  );
});

test('the orders service refunds only with a valid approval for that order, and spends it', async () => {
  const session = await cashierSession(auth.url, world);
  assertProblem(await refund(fleet[0]!, session, 'order-2'), 403, 'invalid_approval');
  const token = await approvedToken(auth.url, world, session, { action: 'refund', reference: 'order-2' });
  // For another order, or another action, it is refused and stays unspent.
  assertProblem(await refund(fleet[0]!, session, 'order-3', token), 403, 'invalid_approval');
  const discount = await approvedToken(auth.url, world, session, { action: 'discount', reference: 'order-2' });
  assertProblem(await refund(fleet[0]!, session, 'order-2', discount), 403, 'invalid_approval');
  const done = await refund(fleet[0]!, session, 'order-2', token);
  assert.equal(done.status, 201, done.text);
  assert.equal(done.body.order_id, 'order-2');
  assert.equal(done.body.approved_by, world.manager.id);
  assert.equal(done.body.requested_by, world.cashier.id);
  assertProblem(await refund(fleet[0]!, session, 'order-2', token), 403, 'invalid_approval');
});

test('one approval presented at two processes of the service at once refunds once', async () => {
  const session = await cashierSession(auth.url, world);
  for (let round = 0; round < 3; round += 1) {
    const orderId = `order-race-${round}`;
    const token = await approvedToken(auth.url, world, session, { action: 'refund', reference: orderId });
    const answers = await Promise.all(fleet.map((service) => refund(service, session, orderId, token)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 403], answers.map((a) => a.text).join('\n'));
  }
});

test('refused: a wrong PIN (counted toward the PIN limits), the requester, an employee without pos:approve, a manager of another store', async () => {
  const session = await cashierSession(auth.url, world);
  const id = (await askApproval(auth.url, session, { action: 'void', reference: 'line-9' })).body.approval_id as string;
  assertProblem(await approve(auth.url, session, id, world.manager.id, '999001'), 401, 'invalid_credentials');
  assertProblem(await approve(auth.url, session, id, world.cashier.id, PINS.cashier), 403, 'forbidden');
  assertProblem(await approve(auth.url, session, id, world.helper.id, PINS.helper), 403, 'permission_denied');
  assertProblem(await approve(auth.url, session, id, world.otherManager.id, PINS.otherManager), 403, 'forbidden');
  assertProblem(await approve(auth.url, session, 'no-such-approval', world.manager.id, PINS.manager), 404, 'not_found');
  // The owner approves; a request is approved once.
  assert.equal((await approve(auth.url, session, id, world.owner.id, PINS.owner)).status, 200);
  assertProblem(await approve(auth.url, session, id, world.manager.id, PINS.manager), 409, 'conflict');
  // Five wrong PINs in a row lock the helper's PIN sign-in as five wrong PIN sign-ins would.
  const next = (await askApproval(auth.url, session, { action: 'void', reference: 'line-10' })).body.approval_id;
  for (let i = 0; i < 5; i += 1)
    assertProblem(await approve(auth.url, session, next, world.helper.id, '999001'), 401, 'invalid_credentials');
  assertProblem(await pinLogin(auth.url, world.device, world.helper.id, PINS.helper), 401, 'invalid_credentials');
});

test('refused: asking outside a PIN session, an action not in APPROVAL_ACTIONS, approving from another session', async () => {
  assertProblem(await askApproval(auth.url, world.ownerToken, { action: 'refund', reference: 'x' }), 403, 'forbidden');
  const session = await cashierSession(auth.url, world);
  const gift = await askApproval(auth.url, session, { action: 'gift', reference: 'x' });
  assertProblem(gift, 400, 'validation_failed');
  const id = (await askApproval(auth.url, session, { action: 'refund', reference: 'x' })).body.approval_id as string;
  assertProblem(await approve(auth.url, world.ownerToken, id, world.manager.id, PINS.manager), 403, 'forbidden');
});

test('refused: an expired approval, at the orders service and at the spend route', async () => {
  const session = await cashierSession(auth.url, world);
  const real = decodePayload(await approvedToken(auth.url, world, session, { action: 'refund', reference: 'old' }));
  const expired = await expiredWithKey(key.privateKey, real, 'approval+jwt');
  const refused = await refund(fleet[1]!, session, 'old', expired);
  assertProblem(refused, 403, 'invalid_approval');
  assert.match(refused.body.detail, /expired/);
  assertProblem(await spendApproval(auth.url, client, expired), 409, 'conflict');
});

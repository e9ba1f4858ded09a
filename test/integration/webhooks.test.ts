// Events to the platform over real HTTP: an admin registers a receiver on loopback, changes happen
// through the REST routes and the operator's service, and the receiver verifies every message with
// the npm `standardwebhooks` library. Each event type arrives once per change with its documented
// body and no secret; a change that rolls back sends nothing.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { decodeJwt } from 'jose';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { breakAuditInsertsFor, repairAuditInserts } from '../support/audit-database';
import { request } from '../support/http';
import { login, signIn } from '../support/sign-in';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { createEndpoint, endpointCall, sleep } from '../support/webhooks';

let receiver: Receiver;
let token: string;
let endpointId: string;
const secrets: string[] = [];

const s = appSuite({ env: { WEBHOOK_ALLOW_PRIVATE: '1', LOG_LEVEL: 'warn' }, setup: registerReceiver });

async function registerReceiver() {
  receiver = await startReceiver();
  token = (await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
  secrets.push(token);
  const created = await createEndpoint(s.url, token, { url: receiver.url, description: 'CRM' });
  assert.equal(created.status, 201, created.text);
  assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]{32}$/, 'whsec_ and the base64 of 24 bytes');
  receiver.secret = created.body.secret;
  secrets.push(created.body.secret, created.body.secret.slice('whsec_'.length));
  endpointId = created.body.id;
}
after(() => receiver?.close());

const api = (method: string, path: string, json?: unknown, bearer = token) =>
  request(s.url, method, `/api/v1${path}`, { token: bearer, ...(json === undefined ? {} : { json }) });

test('the secret is shown once: no other answer carries it', async () => {
  const one = await endpointCall(s.url, token, 'GET', `/${endpointId}`);
  const list = await endpointCall(s.url, token, 'GET', '');
  assert.equal(one.status, 200);
  assert.deepEqual(Object.keys(one.body).sort(), ['created_at', 'description', 'enabled', 'events', 'id', 'url']);
  assert.ok(!one.text.includes(receiver.secret) && !list.text.includes(receiver.secret));
  assert.deepEqual(one.body.events, ['*']);
});

test('every event type arrives once per change, verified by standardwebhooks, with its documented body and no secret', async () => {
  const superId = s.seed.admin.id;
  const actor = { role: 'admin', id: superId };
  const password = 'Another-Pass-4821!';
  secrets.push(password, PASSWORDS.admin, PASSWORDS.customer);

  // An admin account: created, renamed, disabled, enabled, its factors reset, its own password changed.
  const created = await api('POST', '/admin/admins', {
    email: 'hooked@example.com',
    name: 'Hooked',
    password,
    admin_type: 'admin',
    modules: ['orders'],
  });
  assert.equal(created.status, 201, created.text);
  const x = created.body.id as string;
  assert.equal((await api('PATCH', `/admin/admins/${x}`, { name: 'Hooked Renamed' })).status, 200);
  assert.equal((await api('POST', `/admin/admins/${x}/disable`)).status, 200);
  assert.equal((await api('POST', `/admin/admins/${x}/enable`)).status, 200);
  assert.equal((await api('POST', `/admin/admins/${x}/mfa/reset`)).status, 204);
  const own = await signIn(s.url, 'admin', 'hooked@example.com', password);
  secrets.push(own.access_token, own.refresh_token, 'New-Pass-Hooked-7713!');
  const changed = await api(
    'POST',
    '/auth/admin/password',
    { current_password: password, new_password: 'New-Pass-Hooked-7713!' },
    own.access_token,
  );
  assert.equal(changed.status, 200, changed.text);

  // A customer registered and deleted through the operator's service.
  const customer = await withContainer(s.db, async ({ auth }) =>
    auth.operator.createCustomer({
      email: 'hooked-shopper@example.com',
      password: PASSWORDS.customer,
      name: 'Hook Shopper',
    }),
  );
  // Before that, a guest session that the customer's sign-in links.
  const guest = (await request(s.url, 'POST', '/api/v1/auth/customer/guest')).body;
  const guestId = decodeJwt(guest.access_token).sub;
  const linked = await request(s.url, 'POST', '/api/v1/auth/customer/login', {
    json: { email: 'hooked-shopper@example.com', password: PASSWORDS.customer, guest_token: guest.refresh_token },
  });
  assert.equal(linked.status, 200, linked.text);
  secrets.push(guest.access_token, guest.refresh_token, linked.body.access_token, linked.body.refresh_token);
  await withContainer(s.db, async ({ auth }) => auth.operator.deleteCustomer('hooked-shopper@example.com'));

  // A terminal paired with a code, then unpaired by the admin.
  const vendorBase = `/admin/vendors/${s.seed.vendor.id}`;
  const code = await api('POST', `${vendorBase}/stores/${s.seed.storeA.id}/terminals/${s.seed.tillA.id}/pairing`);
  assert.equal(code.status, 201, code.text);
  const paired = await request(s.url, 'POST', '/api/v1/auth/terminal/pair', { json: { code: code.body.code } });
  assert.equal(paired.status, 200, paired.text);
  secrets.push(code.body.code, paired.body.terminal_token);
  assert.equal((await api('DELETE', `${vendorBase}/terminals/${s.seed.tillA.id}/pairing`)).status, 204);

  // A sign-in limit reached for a known account.
  let refusals = 0;
  while ((await login(s.url, 'admin', s.seed.limited.email, 'wrong-password-0000')).status !== 429)
    assert.ok(++refusals < 50, 'the sign-in limit is reached');

  const expected: Record<string, (data: any) => void> = {
    'account.created': (d) =>
      assert.deepEqual(d, {
        account: { id: x, role: 'admin', type: 'admin' },
        actor,
        email: 'hooked@example.com',
        name: 'Hooked',
      }),
    'account.updated': (d) =>
      assert.deepEqual(d, {
        account: { id: x, role: 'admin', type: 'admin' },
        actor,
        changed: ['name'],
        email: 'hooked@example.com',
        name: 'Hooked Renamed',
      }),
    'account.disabled': (d) => assert.deepEqual(d, { account: { id: x, role: 'admin', type: 'admin' }, actor }),
    'account.enabled': (d) => assert.deepEqual(d, { account: { id: x, role: 'admin', type: 'admin' }, actor }),
    'mfa.changed': (d) => assert.deepEqual(d, { account: { id: x, role: 'admin', type: 'admin' }, actor }),
    'sessions.ended': (d) => assert.deepEqual(d, { account: { id: x, role: 'admin', type: 'admin' }, actor }),
    'password.changed': (d) =>
      assert.deepEqual(d, { account: { id: x, role: 'admin', type: 'admin' }, actor: { role: 'admin', id: x } }),
    'customer.registered': (d) =>
      assert.deepEqual(d, {
        account: { id: customer.id, role: 'customer' },
        actor: null,
        email: 'hooked-shopper@example.com',
        name: 'Hook Shopper',
      }),
    'customer.deleted': (d) => assert.deepEqual(d, { account: { id: customer.id } }),
    'customer.guest_converted': (d) =>
      assert.deepEqual(d, {
        account: { id: customer.id, role: 'customer' },
        actor: { role: 'customer', id: customer.id },
        guest_id: guestId,
        customer_id: customer.id,
      }),
    'terminal.paired': (d) =>
      assert.deepEqual(d, { terminal_id: s.seed.tillA.id, vendor_id: s.seed.vendor.id, actor: null }),
    'terminal.unpaired': (d) =>
      assert.deepEqual(d, { terminal_id: s.seed.tillA.id, vendor_id: s.seed.vendor.id, actor }),
    'sign_in.locked': (d) =>
      assert.deepEqual(d, {
        account: { id: s.seed.limited.id, role: 'admin', type: 'admin' },
        actor: null,
        limit: 'sign_in',
      }),
  };
  await receiver.until((r) => r.length >= Object.keys(expected).length);
  await sleep(1500); // anything sent twice would arrive by now

  const arrived = receiver.received;
  assert.ok(
    arrived.every((r) => r.verified !== null),
    'standardwebhooks verified every message',
  );
  assert.ok(arrived.every((r) => r.contentType === 'application/json' && /^msg_/.test(r.id)));
  assert.deepEqual(arrived.map((r) => r.verified!.type).sort(), Object.keys(expected).sort(), 'each type once');
  assert.equal(new Set(arrived.map((r) => r.id)).size, arrived.length, 'one webhook-id per message');
  for (const r of arrived) {
    const body = r.verified!;
    assert.deepEqual(Object.keys(body).sort(), ['data', 'timestamp', 'type']);
    assert.ok(!Number.isNaN(Date.parse(body.timestamp)));
    expected[body.type]!(body.data);
    for (const secret of secrets)
      assert.ok(!r.body.includes(secret), `${body.type} carries no secret, password or token`);
  }
});

test('a change that rolls back sends nothing', async () => {
  const before = receiver.received.length;
  const target = await api('POST', '/admin/admins', {
    email: 'rolled-back@example.com',
    name: 'Rolled',
    password: 'Rolled-Back-Pass-1!',
    admin_type: 'admin',
    modules: [],
  });
  await receiver.until((r) => r.length === before + 1);
  await breakAuditInsertsFor(s.db, target.body.id);
  try {
    assert.equal((await api('POST', `/admin/admins/${target.body.id}/disable`)).status, 500);
  } finally {
    await repairAuditInserts(s.db);
  }
  const messages = await withContainer(s.db, async ({ db }) =>
    db.prisma.webhookMessage.findMany({ where: { type: 'account.disabled' }, select: { body: true } }),
  );
  assert.ok(
    !messages.some((m) => m.body.includes(target.body.id)),
    'no message was written for the rolled-back disable',
  );
  // A later change arrives alone: the rolled-back one was never queued.
  assert.equal((await api('POST', `/admin/admins/${target.body.id}/enable`)).status, 200);
  await receiver.until((r) => r.length === before + 2);
  await sleep(1000);
  assert.deepEqual(
    receiver.received.slice(before).map((r) => r.verified?.type),
    ['account.created', 'account.enabled'],
  );
});

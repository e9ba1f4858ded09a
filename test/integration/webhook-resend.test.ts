// Sending a message again reaches one endpoint only: two receivers on loopback both get one event's
// message; sending it again to the first leaves the second's delivery as it was (no second copy,
// still delivered with one attempt). The message-wide route refuses a message of two endpoints
// with 409 and still serves a message of one (a test message).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { createEndpoint, deliveryLog, endpointCall, sleep } from '../support/webhooks';

const s = appSuite({ env: { WEBHOOK_ALLOW_PRIVATE: '1', LOG_LEVEL: 'warn' } });
const receivers: Receiver[] = [];
after(() => Promise.all(receivers.map((r) => r.close())));

async function endpointFor(token: string): Promise<{ receiver: Receiver; id: string }> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const created = await createEndpoint(s.url, token, { url: receiver.url, events: ['account.disabled'] });
  assert.equal(created.status, 201, created.text);
  receiver.secret = created.body.secret;
  return { receiver, id: created.body.id };
}

async function delivered(token: string, endpointId: string, messageId: string, attempts: number): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const entry = (await deliveryLog(s.url, token, endpointId)).find((m) => m.id === messageId);
    if (entry?.status === 'delivered' && entry.attempts.length === attempts) return entry;
    await sleep(100);
  }
  throw new Error(`message ${messageId} was not delivered to ${endpointId} in ${attempts} attempts`);
}

test("sending a message again to one endpoint leaves every other endpoint's delivery of it as it is", async () => {
  const token = (await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
  const first = await endpointFor(token);
  const second = await endpointFor(token);
  const disabled = await request(s.url, 'POST', `/api/v1/admin/admins/${s.seed.limited.id}/disable`, { token });
  assert.equal(disabled.status, 200, disabled.text);
  await first.receiver.until((r) => r.length === 1);
  await second.receiver.until((r) => r.length === 1);
  const messageId = first.receiver.received[0]!.id;
  assert.equal(second.receiver.received[0]!.id, messageId, 'one message, to both endpoints');
  await delivered(token, second.id, messageId, 1);

  const resent = await endpointCall(s.url, token, 'POST', `/${first.id}/messages/${messageId}/retry`);
  assert.equal(resent.status, 202, resent.text);
  assert.equal(resent.body.id, messageId);
  await first.receiver.until((r) => r.length === 2);
  assert.ok(first.receiver.received[1]!.verified, 'the copy verifies with standardwebhooks');
  assert.equal(first.receiver.received[1]!.id, messageId, 'the same webhook-id');
  await delivered(token, first.id, messageId, 2);
  await sleep(1500); // a copy to the other endpoint would be due at once
  assert.equal(second.receiver.received.length, 1, 'the other endpoint got nothing more');
  const other = await delivered(token, second.id, messageId, 1);
  assert.equal(other.attempts[0].status_code, 204, 'its delivery keeps its delivered attempt');

  const audit = await withContainer(s.db, ({ db }) =>
    db.prisma.auditEvent.findMany({ where: { event: 'webhook_message_retried' }, select: { details: true } }),
  );
  assert.deepEqual(
    audit.map((a) => (typeof a.details === 'string' ? JSON.parse(a.details) : a.details)),
    [{ endpoint_id: first.id, message_id: messageId }],
  );

  // The message-wide route cannot know which endpoint is meant.
  const ambiguous = await request(s.url, 'POST', `/api/v1/admin/webhook-messages/${messageId}/retry`, { token });
  assert.equal(ambiguous.status, 409, ambiguous.text);
  assert.equal(ambiguous.headers.get('content-type'), 'application/problem+json');
  assert.equal(ambiguous.body.code, 'conflict');
  assert.match(ambiguous.body.detail, /\/admin\/webhook-endpoints\/\{endpointId\}\/messages\//);
  await sleep(500);
  assert.deepEqual(
    [first.receiver.received.length, second.receiver.received.length],
    [2, 1],
    'the refusal sent nothing',
  );

  // Another endpoint's message is not this endpoint's to send.
  const test = await endpointCall(s.url, token, 'POST', `/${second.id}/test`);
  assert.equal(test.status, 202, test.text);
  const elsewhere = await endpointCall(s.url, token, 'POST', `/${first.id}/messages/${test.body.id}/retry`);
  assert.equal(elsewhere.status, 404, elsewhere.text);
  assert.equal(elsewhere.body.code, 'not_found');

  // A message of one endpoint: the message-wide route still sends it again, to that endpoint.
  await second.receiver.until((r) => r.length === 2);
  const again = await request(s.url, 'POST', `/api/v1/admin/webhook-messages/${test.body.id}/retry`, { token });
  assert.equal(again.status, 202, again.text);
  await second.receiver.until((r) => r.length === 3);
  assert.deepEqual(
    second.receiver.received.map((r) => r.verified?.type),
    ['account.disabled', 'webhook.test', 'webhook.test'],
  );
  assert.equal(first.receiver.received.length, 2);
});

// Regression: sending again while an attempt was in progress did nothing (the attempt then settled
// the delivery as it was), so the copy came only after that attempt timed out and was retried.
test('a message sent again while it is being sent goes out again at once; the attempt in progress does not settle it', async () => {
  const token = (await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
  const { receiver, id } = await endpointFor(token);
  receiver.replies = (n) => (n === 0 ? 'stall' : 204);
  const admin = `/api/v1/admin/admins/${s.seed.limited.id}`;
  assert.equal((await request(s.url, 'POST', `${admin}/enable`, { token })).status, 200);
  const disabled = await request(s.url, 'POST', `${admin}/disable`, { token });
  assert.equal(disabled.status, 200, disabled.text);
  await receiver.until((r) => r.length === 1);
  const messageId = receiver.received[0]!.id;
  const resent = await endpointCall(s.url, token, 'POST', `/${id}/messages/${messageId}/retry`);
  assert.equal(resent.status, 202, resent.text);
  await receiver.until((r) => r.length === 2);
  const log = async () => (await deliveryLog(s.url, token, id)).find((m) => m.id === messageId);
  const whenCopied = await log();
  assert.ok(
    whenCopied.attempts.every((a: { status_code: number | null }) => a.status_code !== null),
    `the copy came before the stalled attempt ended: ${JSON.stringify(whenCopied.attempts)}`,
  );
  for (let i = 0; i < 300 && (await log()).attempts.length < 2; i++) await sleep(100);
  const settled = await log();
  assert.equal(settled.attempts.length, 2, 'the stalled attempt is in the log once it timed out');
  assert.equal(settled.status, 'delivered', 'and the round it no longer held stays delivered');
});

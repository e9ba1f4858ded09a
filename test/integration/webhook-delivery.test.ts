// Delivery over real HTTP to receivers on loopback that verify with the npm `standardwebhooks`
// library: retries keep the webhook-id until a 2xx, a redirect and a timeout are failed attempts,
// and while a rotated secret overlaps, a receiver holding either secret verifies. The retry waits
// are shortened by WEBHOOK_RETRY_SCHEDULE, the time limit by WEBHOOK_TIMEOUT. Last, the cleanup
// removes settled messages past WEBHOOK_RETENTION in batches and keeps pending ones.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createSweeper } from '@/server/db/sweeper';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { signIn } from '../support/sign-in';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { createEndpoint, deliveryLog, endpointCall, sleep } from '../support/webhooks';

const s = appSuite({
  env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s', WEBHOOK_TIMEOUT: '2s', LOG_LEVEL: 'warn' },
});
const receivers: Receiver[] = [];
after(() => Promise.all(receivers.map((r) => r.close())));

let token: string | undefined;
const adminToken = async () =>
  (token ??= (await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token);

/** A receiver answering `replies`, registered as an endpoint of no event type (only test messages reach it). */
async function endpointFor(replies: Receiver['replies']): Promise<{ receiver: Receiver; id: string }> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  receiver.replies = replies;
  const created = await createEndpoint(s.url, await adminToken(), { url: receiver.url, events: ['account.deleted'] });
  assert.equal(created.status, 201, created.text);
  receiver.secret = created.body.secret;
  return { receiver, id: created.body.id };
}

async function sendTest(endpointId: string): Promise<string> {
  const queued = await endpointCall(s.url, await adminToken(), 'POST', `/${endpointId}/test`);
  assert.equal(queued.status, 202, queued.text);
  return queued.body.id;
}

/** The delivery log's entry of one message, once it is no longer pending. */
async function settled(endpointId: string, messageId: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const entry = (await deliveryLog(s.url, await adminToken(), endpointId)).find((m) => m.id === messageId);
    if (entry && entry.status !== 'pending') return entry;
    await sleep(100);
  }
  throw new Error(`message ${messageId} stayed pending`);
}

test('a receiver answering 500 three times and then 200 gets the message on the fourth attempt, with the same webhook-id each time', async () => {
  const { receiver, id } = await endpointFor((n) => (n < 3 ? 500 : 200));
  const messageId = await sendTest(id);
  const entry = await settled(id, messageId);
  assert.equal(entry.status, 'delivered');
  assert.deepEqual(
    entry.attempts.map((a: any) => a.status_code),
    [500, 500, 500, 200],
  );
  assert.deepEqual(
    entry.attempts.map((a: any) => a.error),
    ['status_500', 'status_500', 'status_500', null],
  );
  assert.equal(receiver.received.length, 4);
  assert.deepEqual(
    new Set(receiver.received.map((r) => r.id)),
    new Set([messageId]),
    'one webhook-id on every attempt',
  );
  assert.ok(
    receiver.received.every((r) => r.verified?.type === 'webhook.test'),
    'standardwebhooks verified every attempt',
  );
});

test('a redirect is a failed attempt and is never followed; after the last attempt the message has failed', async () => {
  const target = await startReceiver();
  receivers.push(target);
  const { receiver, id } = await endpointFor(() => ({ redirect: target.url }));
  const messageId = await sendTest(id);
  const entry = await settled(id, messageId);
  assert.equal(entry.status, 'failed');
  assert.equal(entry.attempts.length, 4, 'the first attempt and one per wait of the schedule');
  assert.ok(entry.attempts.every((a: any) => a.status_code === 302 && a.error === 'redirect_not_followed'));
  assert.equal(receiver.received.length, 4);
  assert.equal(target.connections, 0, 'the redirect target was never contacted');
});

test('an answer slower than WEBHOOK_TIMEOUT is a failed attempt; the next attempt delivers the same message', async () => {
  const { receiver, id } = await endpointFor((n) => (n === 0 ? 'stall' : 204));
  const messageId = await sendTest(id);
  const entry = await settled(id, messageId);
  assert.equal(entry.status, 'delivered');
  assert.deepEqual(
    entry.attempts.map((a: any) => [a.status_code, a.error]),
    [
      [null, 'timeout'],
      [204, null],
    ],
  );
  assert.deepEqual(
    receiver.received.map((r) => r.id),
    [messageId, messageId],
  );
});

test('after a rotation a receiver holding only the old secret and one holding only the new both verify; a second rotation drops the oldest', async () => {
  const { receiver, id } = await endpointFor(() => 204);
  const first = receiver.secret;
  const rotated = await endpointCall(s.url, await adminToken(), 'POST', `/${id}/secret`);
  assert.equal(rotated.status, 200, rotated.text);
  const second = rotated.body.secret as string;
  assert.notEqual(second, first);
  assert.ok(Date.parse(rotated.body.previous_valid_until) > Date.now(), 'the old secret keeps signing for the overlap');

  const during = await sendTest(id);
  await receiver.until((r) => r.some((m) => m.id === during));
  const message = receiver.received.find((m) => m.id === during)!;
  assert.equal(message.signature.split(' ').length, 2, 'two signatures while the secrets overlap');
  assert.ok(message.verifiesWith(first), 'a receiver holding only the old secret verifies');
  assert.ok(message.verifiesWith(second), 'a receiver holding only the new secret verifies');

  const again = await endpointCall(s.url, await adminToken(), 'POST', `/${id}/secret`);
  assert.equal(again.status, 200, again.text);
  const third = again.body.secret as string;
  const later = await sendTest(id);
  await receiver.until((r) => r.some((m) => m.id === later));
  const next = receiver.received.find((m) => m.id === later)!;
  assert.ok(
    next.verifiesWith(second) && next.verifiesWith(third),
    'the secret rotated away last and the newest both verify',
  );
  assert.ok(!next.verifiesWith(first), 'the oldest secret no longer verifies');
});

test('the cleanup removes delivered and failed messages older than WEBHOOK_RETENTION, batch after batch, and keeps pending and newer ones', async () => {
  const { id: waiting } = await endpointFor(() => 204);
  assert.equal((await endpointCall(s.url, await adminToken(), 'PATCH', `/${waiting}`, { enabled: false })).status, 200);
  const pending = await sendTest(waiting); // a disabled endpoint's message waits, pending
  const day = 86_400_000;
  // More settled messages than one batch holds, so the sweep must go round.
  const old = Array.from({ length: 1200 }, (_, i) => `msg_retention_${i}`);
  await withContainer(s.db, async ({ db }) => {
    const at = new Date(Date.now() - day);
    await db.prisma.webhookMessage.createMany({
      data: old.map((id) => ({ id, type: 'webhook.test', body: '{}', createdAt: at })),
    });
    await db.prisma.webhookDelivery.createMany({
      data: old.map((messageId, i) => ({
        messageId,
        endpointId: waiting,
        status: i % 2 ? 'delivered' : 'failed',
        nextAttemptAt: at,
        createdAt: at,
      })),
    });
  });
  const sweepAt = (days: number) =>
    withContainer(s.db, async ({ db, logger, config }) => {
      assert.equal(config.webhooks.retention, 30 * 86_400, 'WEBHOOK_RETENTION defaults to 30 days');
      const removed = (
        await createSweeper(
          db.prisma,
          { now: () => new Date(Date.now() + days * day) },
          logger,
          config.auditRetention,
          config.customers.unverifiedTtl,
          config.webhooks.retention,
        ).sweepOnce()
      ).webhookMessages;
      const left = await db.prisma.webhookMessage.findMany({ select: { id: true } });
      const log = {
        deliveries: await db.prisma.webhookDelivery.count(),
        attempts: await db.prisma.webhookAttempt.count(),
      };
      return { removed, left: left.map((m) => m.id), log };
    });
  const early = await sweepAt(29.5);
  assert.equal(early.removed, 1200, 'settled messages a day older than the rest go first');
  assert.ok(early.left.includes(pending) && early.left.length > 1, 'newer messages stay');
  const late = await sweepAt(31);
  assert.ok(late.removed! > 0);
  assert.deepEqual(late.left, [pending], 'only the pending message is left');
  assert.ok(early.log.attempts > 0);
  assert.deepEqual(late.log, { deliveries: 1, attempts: 0 }, 'the delivery log went with its messages');
});

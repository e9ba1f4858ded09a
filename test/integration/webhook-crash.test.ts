// Crashes and scale of delivery: the delivering instance killed with SIGKILL while its attempts are
// at the receiver loses no message once it is started again (its leases run out and are taken over),
// and two instances on one PostgreSQL deliver a burst of 1,000 events exactly once each, counted by
// webhook-id at a receiver that verifies with the npm `standardwebhooks` library.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { TEST_DIALECT } from '../support/databases';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { createEndpoint, deliveryLog, endpointCall, sleep } from '../support/webhooks';

// A short time limit keeps the dead instance's leases short (the limit plus a margin).
const s = appSuite({
  env: {
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_TIMEOUT: '2s',
    WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s',
    LOG_LEVEL: 'warn',
  },
});
const receivers: Receiver[] = [];
after(() => Promise.all(receivers.map((r) => r.close())));

async function endpointAt(base: string, token: string, events: string[]): Promise<{ receiver: Receiver; id: string }> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const created = await createEndpoint(base, token, { url: receiver.url, events });
  assert.equal(created.status, 201, created.text);
  receiver.secret = created.body.secret;
  return { receiver, id: created.body.id };
}

test('SIGKILL while attempts are at the receiver, then a restart: the dead leases are taken over and every message is delivered', async () => {
  const victim = s.instances[0]!;
  const token = (await signIn(victim.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
  const { receiver, id } = await endpointAt(victim.url, token, ['account.deleted']);
  let killed = false;
  // Every attempt hangs at the receiver until the kill; after it every attempt is answered.
  receiver.replies = () => (killed ? 204 : 'stall');
  const queued: string[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await endpointCall(victim.url, token, 'POST', `/${id}/test`);
    assert.equal(answer.status, 202, answer.text);
    queued.push(answer.body.id);
  }
  await receiver.until((r) => r.length >= 3);
  const cutOff = new Set(receiver.received.map((r) => r.id));
  killed = true;
  await victim.stop('SIGKILL');
  const restarted = await s.start();
  await receiver.until((r) => queued.every((m) => r.some((x) => x.id === m && x.verified)), 90_000);
  // The receiver has its copies before the instance records the answers: read the log until it has caught up.
  const statuses = async () =>
    (await deliveryLog(restarted.url, token, id)).filter((m) => queued.includes(m.id)).map((m) => m.status);
  let seen = await statuses();
  for (
    const deadline = Date.now() + 30_000;
    seen.some((status) => status !== 'delivered') && Date.now() < deadline;
    seen = await statuses()
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.deepEqual(
    seen,
    queued.map(() => 'delivered'),
    'the log shows every message delivered',
  );
  for (const m of cutOff)
    assert.ok(
      receiver.received.filter((r) => r.id === m).length >= 2,
      'an attempt cut off by the kill was sent again, with the same webhook-id',
    );
  assert.ok(receiver.received.every((r) => r.verified && queued.includes(r.id)));
});

test(
  'two instances on one PostgreSQL deliver a burst of 1,000 events exactly once each',
  { skip: TEST_DIALECT !== 'postgresql' && 'two instances share PostgreSQL only' },
  async () => {
    const a = s.instances.at(-1)!;
    const b = await s.start();
    const token = (await signIn(a.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
    const { receiver } = await endpointAt(a.url, token, ['account.disabled', 'account.enabled']);
    const accounts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await request(a.url, 'POST', '/api/v1/admin/admins', {
        token,
        json: {
          email: `burst-${i}@example.com`,
          name: `Burst ${i}`,
          password: `Burst-Pass-${i}-7731!`,
          admin_type: 'admin',
          modules: [],
        },
      });
      assert.equal(created.status, 201, created.text);
      accounts.push(created.body.id);
    }
    // Ten accounts toggled 100 times each, one request at a time, alternating between the instances:
    // 1,000 events. (Concurrent changes of admins meet PostgreSQL serialization conflicts, which is
    // not what this measures.)
    for (let i = 0; i < 100; i++) {
      for (const [n, account] of accounts.entries()) {
        const answer = await request(
          (i + n) % 2 ? a.url : b.url,
          'POST',
          `/api/v1/admin/admins/${account}/${i % 2 ? 'enable' : 'disable'}`,
          { token },
        );
        assert.equal(answer.status, 200, answer.text);
      }
    }
    await receiver.until((r) => r.length >= 1000, 180_000);
    await sleep(2000); // a second delivery of any message would arrive by now
    const ids = receiver.received.map((r) => r.id);
    assert.equal(new Set(ids).size, 1000, 'a thousand messages');
    assert.equal(ids.length, 1000, 'each delivered once');
    assert.ok(
      receiver.received.every((r) => r.verified && ['account.disabled', 'account.enabled'].includes(r.verified.type)),
    );
  },
);

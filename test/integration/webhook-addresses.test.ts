// The outbound address rule in production: a URL whose host is a non-public address by itself
// (loopback, private, link-local, CGNAT, unspecified, localhost) is refused when it is registered
// or changed; and at delivery an endpoint whose URL is or resolves to a loopback address is refused,
// a listener there seeing no connection at all. The same endpoints are delivered to once
// WEBHOOK_ALLOW_PRIVATE=1. Every listener is on loopback: nothing here sends a packet anywhere else.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import type { RunningApp } from '../support/app-process';
import { signIn } from '../support/sign-in';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { createEndpoint, deliveryLog, endpointCall, sleep } from '../support/webhooks';

// NODE_ENV=production, as every started test app; no WEBHOOK_ALLOW_PRIVATE.
const s = appSuite({ env: { LOG_LEVEL: 'warn' } });
const receivers: Receiver[] = [];
after(() => Promise.all(receivers.map((r) => r.close())));

async function listener(host: string): Promise<Receiver> {
  const receiver = await startReceiver({ host });
  receivers.push(receiver);
  return receiver;
}
const port = (r: Receiver) => new URL(r.url).port;

/** The first attempt of the message once one was made. */
async function firstAttempt(app: RunningApp, token: string, endpointId: string, messageId: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const entry = (await deliveryLog(app.url, token, endpointId)).find((m) => m.id === messageId);
    if (entry?.attempts.length) return entry.attempts[0];
    await sleep(100);
  }
  throw new Error(`no attempt was made for ${messageId}`);
}

/** A name under .invalid (RFC 6761), never looked up here: its endpoints are sent nothing. */
const UNREACHED = 'https://hooks.example.invalid/in';

/**
 * An endpoint with a test message queued. Production rules refuse a loopback URL at registration,
 * so `stored` puts it straight into the database, as an endpoint registered before that rule was.
 */
async function register(
  app: RunningApp,
  token: string,
  url: string,
  stored = false,
): Promise<{ id: string; secret: string; message: string }> {
  const created = await createEndpoint(app.url, token, { url: stored ? UNREACHED : url, events: ['account.deleted'] });
  assert.equal(created.status, 201, created.text);
  if (stored)
    await withContainer(s.db, ({ db }) =>
      db.prisma.webhookEndpoint.update({ where: { id: created.body.id }, data: { url } }),
    );
  const queued = await endpointCall(app.url, token, 'POST', `/${created.body.id}/test`);
  assert.equal(queued.status, 202, queued.text);
  return { id: created.body.id, secret: created.body.secret, message: queued.body.id };
}

test('in production, registering or changing an endpoint to a non-public literal address or localhost is 400 naming url', async () => {
  const token = (await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
  const refused = [
    'https://127.0.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/',
    'https://0x7f000001/',
    'https://10.0.0.1/',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::ffff:192.168.1.1]/',
    'https://localhost/',
    'https://localhost:8443/hooks',
  ];
  const existing = await createEndpoint(s.url, token, { url: UNREACHED, events: ['account.deleted'] });
  assert.equal(existing.status, 201, existing.text);
  for (const url of refused) {
    for (const answer of [
      await createEndpoint(s.url, token, { url }),
      await endpointCall(s.url, token, 'PATCH', `/${existing.body.id}`, { url }),
    ]) {
      assert.equal(answer.status, 400, `${url}: ${answer.text}`);
      assert.equal(answer.headers.get('content-type'), 'application/problem+json');
      assert.equal(answer.body.code, 'validation_failed');
      assert.deepEqual(
        answer.body.errors.map((e: { path: string }) => e.path),
        ['url'],
        url,
      );
      assert.match(answer.body.detail, /^url: must not name a loopback, private/);
    }
  }
  const kept = await endpointCall(s.url, token, 'GET', `/${existing.body.id}`);
  assert.equal(kept.body.url, UNREACHED, 'a refused change changed nothing');
  assert.equal((await endpointCall(s.url, token, 'DELETE', `/${existing.body.id}`)).status, 204);
});

test('in production, endpoints resolving to 127.0.0.1, localhost and ::1 are refused at delivery without a connection; WEBHOOK_ALLOW_PRIVATE=1 allows them', async () => {
  const v4 = await listener('127.0.0.1');
  const v6 = await listener('::1');
  const token = (await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;

  const http = await createEndpoint(s.url, token, { url: `http://127.0.0.1:${port(v4)}/hooks` });
  assert.equal(http.status, 400, 'production takes https endpoints only');

  const targets = [
    `https://127.0.0.1:${port(v4)}/hooks`,
    `https://localhost:${port(v4)}/hooks`,
    `https://[::1]:${port(v6)}/hooks`,
  ];
  const refused = await Promise.all(targets.map((url) => register(s, token, url, true)));
  for (const [i, endpoint] of refused.entries()) {
    const attempt = await firstAttempt(s, token, endpoint.id, endpoint.message);
    assert.deepEqual([attempt.status_code, attempt.error], [null, 'address_not_allowed'], targets[i]);
  }
  assert.equal(v4.connections, 0, 'the IPv4 loopback listener saw no connection');
  assert.equal(v6.connections, 0, 'the IPv6 loopback listener saw no connection');
  for (const endpoint of refused)
    assert.equal((await endpointCall(s.url, token, 'DELETE', `/${endpoint.id}`)).status, 204);

  // The same addresses, on an instance that allows private ones (and http with them).
  await s.stop();
  const allowed = await s.start({ ...s.env, WEBHOOK_ALLOW_PRIVATE: '1' });
  const token2 = (await signIn(allowed.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
  const open = [
    `http://127.0.0.1:${port(v4)}/hooks`,
    `http://localhost:${port(v4)}/hooks`,
    `http://[::1]:${port(v6)}/hooks`,
  ];
  const delivered = await Promise.all(open.map((url) => register(allowed, token2, url)));
  for (const [i, endpoint] of delivered.entries()) {
    const attempt = await firstAttempt(allowed, token2, endpoint.id, endpoint.message);
    assert.deepEqual([attempt.status_code, attempt.error], [204, null], open[i]);
    const arrived = [...v4.received, ...v6.received].find((r) => r.id === endpoint.message);
    assert.ok(arrived?.verifiesWith(endpoint.secret), `${open[i]} got its message, verified by standardwebhooks`);
  }
  assert.ok(v4.connections >= 2 && v6.connections >= 1);
});

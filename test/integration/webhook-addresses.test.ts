// The outbound address rule in production: an endpoint whose URL is or resolves to a loopback
// address (127.0.0.1, localhost, ::1) is refused at delivery, and a listener there sees no
// connection at all; the same endpoints are delivered to once WEBHOOK_ALLOW_PRIVATE=1. Every
// listener is on loopback: nothing here sends a packet anywhere else.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
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

async function register(app: RunningApp, token: string, url: string): Promise<{ id: string; secret: string; message: string }> {
  const created = await createEndpoint(app.url, token, { url, events: ['account.deleted'] });
  assert.equal(created.status, 201, created.text);
  const queued = await endpointCall(app.url, token, 'POST', `/${created.body.id}/test`);
  assert.equal(queued.status, 202, queued.text);
  return { id: created.body.id, secret: created.body.secret, message: queued.body.id };
}

test('in production, endpoints resolving to 127.0.0.1, localhost and ::1 are refused without a connection; WEBHOOK_ALLOW_PRIVATE=1 allows them', async () => {
  const v4 = await listener('127.0.0.1');
  const v6 = await listener('::1');
  const token = (await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;

  const http = await createEndpoint(s.url, token, { url: `http://127.0.0.1:${port(v4)}/hooks` });
  assert.equal(http.status, 400, 'production takes https endpoints only');

  const targets = [`https://127.0.0.1:${port(v4)}/hooks`, `https://localhost:${port(v4)}/hooks`, `https://[::1]:${port(v6)}/hooks`];
  const refused = await Promise.all(targets.map((url) => register(s, token, url)));
  for (const [i, endpoint] of refused.entries()) {
    const attempt = await firstAttempt(s, token, endpoint.id, endpoint.message);
    assert.deepEqual([attempt.status_code, attempt.error], [null, 'address_not_allowed'], targets[i]);
  }
  assert.equal(v4.connections, 0, 'the IPv4 loopback listener saw no connection');
  assert.equal(v6.connections, 0, 'the IPv6 loopback listener saw no connection');
  for (const endpoint of refused) assert.equal((await endpointCall(s.url, token, 'DELETE', `/${endpoint.id}`)).status, 204);

  // The same addresses, on an instance that allows private ones (and http with them).
  await s.stop();
  const allowed = await s.start({ ...s.env, WEBHOOK_ALLOW_PRIVATE: '1' });
  const token2 = (await signIn(allowed.url, 'admin', s.seed.admin.email, PASSWORDS.admin)).access_token;
  const open = [`http://127.0.0.1:${port(v4)}/hooks`, `http://localhost:${port(v4)}/hooks`, `http://[::1]:${port(v6)}/hooks`];
  const delivered = await Promise.all(open.map((url) => register(allowed, token2, url)));
  for (const [i, endpoint] of delivered.entries()) {
    const attempt = await firstAttempt(allowed, token2, endpoint.id, endpoint.message);
    assert.deepEqual([attempt.status_code, attempt.error], [204, null], open[i]);
    const arrived = [...v4.received, ...v6.received].find((r) => r.id === endpoint.message);
    assert.ok(arrived?.verifiesWith(endpoint.secret), `${open[i]} got its message, verified by standardwebhooks`);
  }
  assert.ok(v4.connections >= 2 && v6.connections >= 1);
});

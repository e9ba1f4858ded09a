// The webhook rows: what an event-producing change (an admin disabling and enabling an account)
// costs with one endpoint subscribed beside none, in interleaved rounds, and how fast queued
// messages reach a receiver on loopback that answers at once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PASSWORDS } from '../../test/support/accounts';
import { request } from '../../test/support/http';
import type { BenchTarget } from './setup';

export interface WebhookBench {
  /** Disable or enable requests answered per second and their mean time, without and with the endpoint. */
  changes: { label: string; requests: number; rps: number; meanMs: number; errors: number }[];
  /** Messages delivered per second once the endpoint is enabled with `queued` waiting. */
  delivery: { queued: number; seconds: number; perSecond: number; errors: number };
}

/** A receiver that answers 204 to everything and counts what arrived. */
async function fastReceiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    get received() {
      return received;
    },
    async until(count: number, giveUpMs: number) {
      const deadline = Date.now() + giveUpMs;
      while (received < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      return received >= count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function measureWebhooks(
  target: BenchTarget,
  seconds: number,
  rounds: number,
  progress: (message: string) => void,
): Promise<WebhookBench> {
  const url = target.app.url;
  const login = await request(url, 'POST', '/api/v1/auth/admin/login', {
    json: { email: target.admin.email, password: PASSWORDS.admin },
  });
  if (login.status !== 200) throw new Error(`bench admin login failed with ${login.status}`);
  const token = String((login.body as { access_token: string }).access_token);
  const call = (method: string, path: string, json?: unknown) =>
    request(url, method, `/api/v1${path}`, { token, ...(json === undefined ? {} : { json }) });
  const subject = await call('POST', '/admin/admins', {
    email: 'bench-webhooks@example.com',
    name: 'Bench Webhooks',
    password: 'Bench-Webhooks-4410!',
    admin_type: 'admin',
    modules: [],
  });
  if (subject.status !== 201) throw new Error(`bench admin not created: ${subject.status}`);
  const subjectId = String((subject.body as { id: string }).id);
  const receiver = await fastReceiver();
  try {
    const created = await call('POST', '/admin/webhook-endpoints', {
      url: receiver.url,
      events: ['account.disabled', 'account.enabled'],
    });
    if (created.status !== 201) throw new Error(`bench endpoint not created: ${created.status} ${created.text}`);
    const endpoint = `/admin/webhook-endpoints/${String((created.body as { id: string }).id)}`;
    let disabled = false;
    let sent = 0;
    /** Disables and enables the subject one request after another for `seconds`. */
    async function toggle(s: number) {
      const times: number[] = [];
      let errors = 0;
      for (const end = performance.now() + s * 1000; performance.now() < end;) {
        const started = performance.now();
        const answer = await call('POST', `/admin/admins/${subjectId}/${disabled ? 'enable' : 'disable'}`);
        times.push(performance.now() - started);
        if (answer.status === 200) disabled = !disabled;
        else errors += 1;
      }
      return { times, errors };
    }
    const samples = { none: { times: [] as number[], errors: 0 }, one: { times: [] as number[], errors: 0 } };
    for (let round = 0; round < rounds; round++) {
      for (const subscribed of [false, true] as const) {
        // A disabled endpoint is no subscriber: the change writes no message.
        await call('PATCH', endpoint, { enabled: subscribed });
        const { times, errors } = await toggle(seconds / rounds);
        const into = subscribed ? samples.one : samples.none;
        into.times.push(...times);
        into.errors += errors;
        if (subscribed) sent += times.length - errors;
        await receiver.until(sent, 30_000); // the deliveries end before the next part is measured
      }
    }
    const changes = (['none', 'one'] as const).map((key) => {
      const { times, errors } = samples[key];
      const total = times.reduce((a, b) => a + b, 0);
      return {
        label:
          key === 'none' ? 'admin disables/enables, no endpoint' : 'admin disables/enables, one endpoint subscribed',
        requests: times.length,
        rps: (times.length * 1000) / total,
        meanMs: total / times.length,
        errors,
      };
    });
    progress('webhook change cost done');

    // Delivery rate: the messages queue while the endpoint is disabled, then go at once.
    const queued = Math.max(20, Math.round(seconds * 20));
    await call('PATCH', endpoint, { enabled: false });
    let errors = 0;
    for (let i = 0; i < queued; i++) if ((await call('POST', `${endpoint}/test`)).status !== 202) errors += 1;
    await call('PATCH', endpoint, { enabled: true });
    const before = receiver.received;
    const started = performance.now();
    if (!(await receiver.until(before + queued - errors, 120_000)))
      errors += before + queued - errors - receiver.received;
    const took = (performance.now() - started) / 1000;
    progress('webhook delivery rate done');
    return { changes, delivery: { queued, seconds: took, perSecond: (receiver.received - before) / took, errors } };
  } finally {
    await receiver.close();
  }
}

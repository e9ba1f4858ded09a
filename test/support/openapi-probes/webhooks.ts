// The admins' webhook endpoint routes, probed for every status they document. The app allows
// private addresses (WEBHOOK_ALLOW_PRIVATE), and the endpoints' URL is a closed port on loopback:
// every attempt fails there, and nothing leaves the machine.
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';

export async function probeWebhookRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const admin = { token: app.tokens.superAdmin };
  const base = '/admin/webhook-endpoints';
  const one = `${base}/{endpointId}`;
  const url = 'http://127.0.0.1:9/in';
  const created = (await probe('POST', base, { ...admin, json: { url, events: ['account.created'] } })).body;
  await probe('POST', base, { ...admin, json: { url: 'not a url', events: [] } });
  await probe('GET', base, admin);
  await probe('GET', base, { ...admin, query: '?limit=0' });
  const endpoint = { endpointId: created.id };
  const unknown = { endpointId: 'no-such-endpoint' };
  const overLong = { endpointId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) };
  for (const params of [endpoint, unknown, overLong]) {
    await probe('GET', one, { ...admin, params });
    await probe('PATCH', one, { ...admin, params, json: { description: 'probed' } });
    await probe('POST', `${one}/secret`, { ...admin, params });
    await probe('GET', `${one}/messages`, { ...admin, params });
    await probe('POST', `${one}/replay`, { ...admin, params, json: { since: '2026-01-01T00:00:00Z' } });
  }
  await probe('GET', `${one}/messages`, { ...admin, params: endpoint, query: '?status=lost' });
  await probe('POST', `${one}/replay`, { ...admin, params: endpoint, json: { since: 'yesterday' } });
  const queued = (await probe('POST', `${one}/test`, { ...admin, params: endpoint })).body;
  await probe('POST', `${one}/test`, { ...admin, params: unknown });
  await probe('POST', `${one}/test`, { ...admin, params: overLong });
  const resend = `${one}/messages/{messageId}/retry`;
  await probe('POST', resend, { ...admin, params: { ...endpoint, messageId: queued.id } });
  await probe('POST', resend, { ...admin, params: { ...endpoint, messageId: 'msg_unknown' } });
  await probe('POST', resend, { ...admin, params: { ...overLong, messageId: queued.id } });
  const retry = '/admin/webhook-messages/{messageId}/retry';
  await probe('POST', retry, { ...admin, params: { messageId: queued.id } });
  await probe('POST', retry, { ...admin, params: { messageId: 'msg_unknown' } });
  await probe('POST', retry, { ...admin, params: { messageId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) } });
  await probe('POST', retry, { ...admin, params: { messageId: await messageOfTwoEndpoints(app, probe, url) } });
  await probe('PATCH', one, { ...admin, params: endpoint, json: {} });
  await probe('DELETE', one, { ...admin, params: endpoint });
  await probe('DELETE', one, { ...admin, params: endpoint });
  await probe('DELETE', one, { ...admin, params: overLong });
}

/** The id of a real event's message to two endpoints: a new admin account disabled. */
async function messageOfTwoEndpoints(app: AdministrationSuite, probe: Probe, url: string): Promise<string> {
  const admin = { token: app.tokens.superAdmin };
  const json = { url, events: ['account.disabled'] };
  const [first] = await Promise.all(
    [1, 2].map(async () => (await probe('POST', '/admin/webhook-endpoints', { ...admin, json })).body.id as string),
  );
  const account = (
    await probe('POST', '/admin/admins', {
      ...admin,
      json: {
        email: 'probed-hooks@example.com',
        name: 'Probed',
        password: 'probed-hooks-pass-7',
        admin_type: 'admin',
        modules: [],
      },
    })
  ).body;
  await probe('POST', '/admin/admins/{adminId}/disable', { ...admin, params: { adminId: account.id } });
  const log = (
    await probe('GET', '/admin/webhook-endpoints/{endpointId}/messages', { ...admin, params: { endpointId: first! } })
  ).body;
  return log.items[0].id;
}

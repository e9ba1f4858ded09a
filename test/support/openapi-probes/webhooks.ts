// The admins' webhook endpoint routes, probed for every status they document. The endpoints'
// URLs are loopback addresses that production rules refuse before connecting, so nothing is sent.
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';

export async function probeWebhookRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const admin = { token: app.tokens.superAdmin };
  const base = '/admin/webhook-endpoints';
  const one = `${base}/{endpointId}`;
  const created = (await probe('POST', base, { ...admin, json: { url: 'https://127.0.0.1:9/in', events: ['account.created'] } })).body;
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
  const retry = '/admin/webhook-messages/{messageId}/retry';
  await probe('POST', retry, { ...admin, params: { messageId: queued.id } });
  await probe('POST', retry, { ...admin, params: { messageId: 'msg_unknown' } });
  await probe('POST', retry, { ...admin, params: { messageId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) } });
  await probe('PATCH', one, { ...admin, params: endpoint, json: {} });
  await probe('DELETE', one, { ...admin, params: endpoint });
  await probe('DELETE', one, { ...admin, params: endpoint });
  await probe('DELETE', one, { ...admin, params: overLong });
}

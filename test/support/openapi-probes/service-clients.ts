// The admins' service-client routes, probed for every status they document.
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';

export async function probeServiceClientRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const admin = { token: app.tokens.superAdmin };
  const base = '/admin/service-clients';
  const one = `${base}/{serviceClientId}`;
  const created = (await probe('POST', base, { ...admin, json: { name: 'probed' } })).body;
  await probe('POST', base, { ...admin, json: { name: '' } });
  await probe('GET', base, admin);
  await probe('GET', base, { ...admin, query: '?limit=0' });
  const known = { serviceClientId: created.id };
  const unknown = { serviceClientId: 'no-such-client' };
  const overLong = { serviceClientId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) };
  for (const params of [known, unknown, overLong]) await probe('POST', `${one}/secret`, { ...admin, params });
  for (const params of [known, known, overLong]) await probe('DELETE', one, { ...admin, params });
}

// The admins' app routes, probed for every status they document.
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';

export async function probeAppRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const admin = { token: app.tokens.superAdmin };
  const base = '/admin/apps';
  const one = `${base}/{appId}`;
  const registered = { name: 'probed', redirect_uris: ['https://probed.example/callback'], scopes: ['openid'] };
  const confidential = (await probe('POST', base, { ...admin, json: { ...registered, type: 'confidential' } })).body;
  const publicApp = (await probe('POST', base, { ...admin, json: { ...registered, type: 'public' } })).body;
  await probe('POST', base, {
    ...admin,
    json: { ...registered, type: 'public', redirect_uris: ['http://a.example/'] },
  });
  await probe('GET', base, admin);
  await probe('GET', base, { ...admin, query: '?limit=0' });
  const known = { appId: confidential.id };
  const unknown = { appId: 'no-such-app' };
  const overLong = { appId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) };
  for (const params of [known, unknown, overLong]) {
    await probe('GET', one, { ...admin, params });
    await probe('PATCH', one, { ...admin, params, json: { name: 'renamed' } });
    await probe('POST', `${one}/secret`, { ...admin, params });
  }
  await probe('PATCH', one, { ...admin, params: known, json: {} });
  await probe('POST', `${one}/secret`, { ...admin, params: { appId: publicApp.id } });
  for (const params of [known, known, overLong]) await probe('DELETE', one, { ...admin, params });
}

// The platform services' routes (introspection and the revocation feed), probed for every status
// they document. The suite runs with a small INTROSPECT_PER_MINUTE so that the limit is reached.
import { basicCredentials } from '@/guard-kit/service-calls';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';
import { registerServiceClient } from '../service-calls';

/** What the probing suite sets INTROSPECT_PER_MINUTE to. */
export const PROBED_CALLS_PER_MINUTE = '30';

export async function probePlatformServiceRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const client = await registerServiceClient(app.db, 'probed');
  const authorization = basicCredentials(client.client_id, client.client_secret);
  const form = (body: string, headers: Record<string, string> = { authorization }) => ({
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

  await probe('POST', '/auth/introspect', form(`token=${app.tokens.owner}`));
  await probe('POST', '/auth/introspect', form('token=not-a-token'));
  await probe('POST', '/auth/introspect', form('token_type_hint=access_token'));
  await probe('POST', '/auth/introspect', form(`token=${app.tokens.owner}`, {}));
  await probe('POST', '/auth/introspect', { json: { token: app.tokens.owner }, headers: { authorization } });
  await probe('POST', '/auth/introspect', form(`token=${'a'.repeat(20_000)}`));

  const feed = { headers: { authorization } };
  const cursor = (await probe('GET', '/auth/revocations', feed)).body.cursor as string;
  await probe('GET', '/auth/revocations', { ...feed, query: `?after=${cursor}&wait=0` });
  await probe('GET', '/auth/revocations', { ...feed, query: '?after=x' });
  await probe('GET', '/auth/revocations', { ...feed, query: `?after=${Number(cursor) + 1000}` });
  await probe('GET', '/auth/revocations', { query: `?after=${cursor}` });

  const busy = await registerServiceClient(app.db, 'busy');
  const busyAuth = { headers: { authorization: basicCredentials(busy.client_id, busy.client_secret) } };
  let answer = await probe('GET', '/auth/revocations', busyAuth);
  for (let i = 0; answer.status !== 429 && i <= Number(PROBED_CALLS_PER_MINUTE); i += 1)
    answer = await probe('GET', '/auth/revocations', busyAuth);
  await probe('POST', '/auth/introspect', form('token=x', busyAuth.headers));
}

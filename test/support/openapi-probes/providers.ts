// The customers' OpenID provider and linked-identity routes, probed for every status they document,
// against real providers on loopback: `acme` (up), `flaky` (stopped between a flow's start and its
// callback) and `down` (never up).
import assert from 'node:assert/strict';
import type { AdministrationSuite } from '../admin-world';
import { nextLoggedCode } from '../logged-codes';
import { authorize, startTestProvider, type TestProvider } from '../oidc-provider';
import { freePort } from '../app-process';
import type { Probe } from '../openapi-probe';

export const PROBE_REDIRECT_URI = 'http://127.0.0.1:9/probe/callback';

/** The providers the probed app is configured with; `env` goes into the app's settings. */
export async function startProbeProviders() {
  const [acme, flaky, closedPort] = await Promise.all([
    startTestProvider({ redirectUris: [PROBE_REDIRECT_URI] }),
    startTestProvider({ redirectUris: [PROBE_REDIRECT_URI] }),
    freePort(),
  ]);
  const env = {
    NODE_ENV: 'development', // http issuers on loopback
    OIDC_PROVIDERS: 'acme,flaky,down',
    ...acme.env('acme'),
    ...flaky.env('flaky'),
    OIDC_DOWN_ISSUER: `http://127.0.0.1:${closedPort}`,
    OIDC_DOWN_CLIENT_ID: 'nobody',
    OIDC_DOWN_CLIENT_SECRET: 'nothing',
    OIDC_REDIRECT_URIS: PROBE_REDIRECT_URI,
  };
  return { acme, flaky, env, close: () => Promise.all([acme.close(), flaky.close()]) };
}

export async function probeProviderRoutes(
  app: AdministrationSuite,
  probe: Probe,
  { acme, flaky }: { acme: TestProvider; flaky: TestProvider },
): Promise<void> {
  const c = (path: string) => `/auth/customer${path}`;
  const body = { json: { redirect_uri: PROBE_REDIRECT_URI } };
  const of = (provider: string) => ({ params: { provider } });
  let n = 0;
  const person = (provider: TestProvider, identity: { email?: string; email_verified?: boolean } = {}) => {
    n += 1;
    const sub = `probe-${n}`;
    provider.setAccount(sub, { email: `${sub}@example.com`, email_verified: true, name: 'Probe', ...identity });
    return sub;
  };
  /** The provider's answer to a flow started at `start` (sign-in or link), not yet used. */
  async function answered(
    provider: TestProvider,
    name: string,
    sub: string,
    start: string,
    token?: string,
    tamper?: (url: URL) => void,
  ) {
    const started = await probe('POST', c(start), { ...of(name), ...body, token });
    const url = new URL(started.body.authorization_url);
    tamper?.(url);
    const answer = await authorize(url.href, PROBE_REDIRECT_URI, sub);
    return { json: { code: answer.get('code'), state: answer.get('state'), iss: answer.get('iss') ?? undefined } };
  }
  const wrongNonce = (url: URL) => url.searchParams.set('nonce', 'never-issued-nonce-0123456789abcdefghijklmnop');

  await probe('GET', c('/providers'));
  await probe('POST', c('/oidc/{provider}/start'), { ...of('nosuch'), ...body });
  await probe('POST', c('/oidc/{provider}/start'), { ...of('down'), ...body });

  // Sign-in by code: signed in, replayed, refused, unverified, taken, unknown provider.
  const signUpSub = person(acme);
  const signUp = await answered(acme, 'acme', signUpSub, '/oidc/{provider}/start');
  const session = (await probe('POST', c('/oidc/{provider}/callback'), { ...of('acme'), ...signUp })).body;
  await probe('POST', c('/oidc/{provider}/callback'), { ...of('acme'), ...signUp });
  await probe('POST', c('/oidc/{provider}/callback'), { ...of('nosuch'), ...signUp });
  await probe('POST', c('/oidc/{provider}/callback'), {
    ...of('acme'),
    ...(await answered(acme, 'acme', person(acme), '/oidc/{provider}/start', undefined, wrongNonce)),
  });
  await probe('POST', c('/oidc/{provider}/callback'), {
    ...of('acme'),
    ...(await answered(acme, 'acme', person(acme, { email_verified: false }), '/oidc/{provider}/start')),
  });
  const taken = person(acme, { email: app.w.customer.email });
  await probe('POST', c('/oidc/{provider}/callback'), {
    ...of('acme'),
    ...(await answered(acme, 'acme', taken, '/oidc/{provider}/start')),
  });

  // Native apps' ID tokens.
  const idToken = async (claims: Record<string, unknown>) => ({
    json: { id_token: await acme.signIdToken({ nonce: `n-${(n += 1)}`, ...claims }), nonce: `n-${n}` },
  });
  await probe('POST', c('/oidc/{provider}/id-token'), {
    ...of('acme'),
    ...(await idToken({ sub: person(acme), email: `native-${n}@example.com`, email_verified: true })),
  });
  await probe('POST', c('/oidc/{provider}/id-token'), {
    ...of('acme'),
    ...(await idToken({ sub: 'x', email: 'x@example.com', email_verified: true, aud: 'another-client' })),
  });
  await probe('POST', c('/oidc/{provider}/id-token'), {
    ...of('acme'),
    ...(await idToken({ sub: 'y', email: 'y@example.com', email_verified: false })),
  });
  await probe('POST', c('/oidc/{provider}/id-token'), {
    ...of('acme'),
    ...(await idToken({ sub: 'z', email: app.w.customer.email, email_verified: true })),
  });
  await probe('POST', c('/oidc/{provider}/id-token'), { ...of('nosuch'), ...(await idToken({ sub: 'z' })) });
  await probe('POST', c('/oidc/{provider}/id-token'), { ...of('down'), ...(await idToken({ sub: 'z' })) });

  // Linking, on the customer signed in by the provider above (its only way in is that identity).
  const token = session.access_token as string;
  const bearer = { token };
  await probe('GET', c('/identities'), bearer);
  await probe('POST', c('/identities/{provider}/start'), { ...of('nosuch'), ...body, ...bearer });
  await probe('POST', c('/identities/{provider}/start'), { ...of('down'), ...body, ...bearer });
  const linking = await answered(acme, 'acme', person(acme), '/identities/{provider}/start', token);
  const linked = (await probe('POST', c('/identities/{provider}/callback'), { ...of('acme'), ...linking, ...bearer }))
    .body;
  await probe('POST', c('/identities/{provider}/callback'), { ...of('acme'), ...linking, ...bearer });
  await probe('POST', c('/identities/{provider}/callback'), { ...of('nosuch'), ...linking, ...bearer });
  await probe('POST', c('/identities/{provider}/callback'), {
    ...of('acme'),
    ...(await answered(acme, 'acme', person(acme), '/identities/{provider}/start', token, wrongNonce)),
    ...bearer,
  });
  const other = (
    await probe('POST', c('/oidc/{provider}/callback'), {
      ...of('acme'),
      ...(await answered(acme, 'acme', person(acme), '/oidc/{provider}/start')),
    })
  ).body;
  const inUse = await answered(acme, 'acme', signUpSub, '/identities/{provider}/start', other.access_token);
  await probe('POST', c('/identities/{provider}/callback'), { ...of('acme'), ...inUse, token: other.access_token });

  // The provider stops between the start and the callback: 502, for signing in and for linking.
  const flakySignIn = await answered(flaky, 'flaky', person(flaky), '/oidc/{provider}/start');
  const flakyLink = await answered(flaky, 'flaky', person(flaky), '/identities/{provider}/start', token);
  await flaky.close();
  await probe('POST', c('/oidc/{provider}/callback'), { ...of('flaky'), ...flakySignIn });
  await probe('POST', c('/identities/{provider}/callback'), { ...of('flaky'), ...flakyLink, ...bearer });

  // Unlinking: by code (the customer has no password), the last one refused, an unknown id.
  const email = session.customer.email as string;
  const codeFor = async () => {
    const before = app.output.length;
    await probe('POST', c('/login/code'), { json: { email } });
    return nextLoggedCode(app, email, before);
  };
  const identity = (id: string) => ({ params: { identityId: id }, ...bearer });
  await probe('DELETE', c('/identities/{identityId}'), {
    ...identity(linked.identity.id),
    json: { code: await codeFor() },
  });
  const [only] = (await probe('GET', c('/identities'), bearer)).body.items;
  await probe('DELETE', c('/identities/{identityId}'), { ...identity(only.id), json: { code: await codeFor() } });
  await probe('DELETE', c('/identities/{identityId}'), { ...identity('no-such-id'), json: { code: await codeFor() } });
  await probe('DELETE', c('/identities/{identityId}'), { ...identity('no-such-id'), json: { code: '000000' } });

  // Bodies every bearer route refuses alike; then wrong passwords up to the limit: 401s, then 429.
  for (const [path, params] of [
    ['/identities/{provider}/start', of('acme')],
    ['/identities/{provider}/callback', of('acme')],
    ['/identities/{identityId}', { params: { identityId: only.id } }],
  ] as const) {
    const method = path.endsWith('{identityId}') ? 'DELETE' : 'POST';
    await probe(method, c(path), { ...params, ...bearer, body: 'text', headers: { 'content-type': 'text/plain' } });
    await probe(method, c(path), { ...params, ...bearer, json: { padding: 'x'.repeat(17 * 1024) } });
    await probe(method, c(path), { ...params, ...bearer, json: {} });
  }
  const wrong = { ...identity('no-such-id'), json: { password: 'wrong-password-1' } };
  for (let i = 0; i < 10; i += 1) await probe('DELETE', c('/identities/{identityId}'), wrong);
  const limited = await probe('DELETE', c('/identities/{identityId}'), wrong);
  assert.equal(limited.status, 429);
}

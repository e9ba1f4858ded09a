// The platform's apps' rows, on an instance of the app with an asymmetric access-token key (the
// authorization server signs with it): an app's refresh at /oauth/token beside the service's own
// refresh, in interleaved rounds; the code exchange; and the guard kit verifying an app's token (RFC
// 9068, for a service's resource) beside a bare jose verification of the same token with the same key.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { importJWK, jwtVerify, type JWK } from 'jose';
import { basicCredentials, createGuard } from '../../src/guard-kit';
import { withContainer } from '../../test/support/accounts';
import type { RunningApp } from '../../test/support/app-process';
import { oauthBrowser } from '../../test/support/oauth-browser';
import { signIn } from '../../test/support/sign-in';
import { loop } from './guard-kit';
import { runLoad, summarize, type LoadSpec, type Measurement, type Sample } from './load';
import { oauthRefresh, refreshChains, type RefreshChains } from './refresh-chains';
import type { BenchTarget } from './setup';
import type { BenchOptions } from './options';

export interface AppsBench {
  /** The service's own refresh (POST /api/v1/auth/vendor/refresh) on the same instance. */
  ownRefresh: Measurement;
  /** An app's refresh: POST /oauth/token grant_type=refresh_token. */
  appRefresh: Measurement;
  /** An app's code exchange: POST /oauth/token grant_type=authorization_code (with PKCE). */
  codeExchange: Measurement;
  /** Verifications per second in this process, summed over the rounds. */
  bare: { perSecond: number; count: number };
  kit: { perSecond: number; count: number; requestsToAuth: number };
}

/** The resource (RFC 8707) the app's tokens are for: another service of the platform. */
const ORDERS = 'https://orders.example';
const REDIRECT = 'https://ledger.example/callback';
const SCOPE = 'openid offline_access orders:read';

/** The instance: the bench's settings with an Ed25519 access-token key, which the authorization server needs. */
function startOAuthInstance(target: BenchTarget): Promise<RunningApp> {
  const { privateKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return target.startInstance({ JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: privateKey });
}

/**
 * Codes as an app gets them, through the real endpoints: a first-party app (no consent page), and
 * browsers each signed in once as the business's owner; every further /oauth/authorize is answered
 * by the interaction and the resume with a redirect to the app holding a new code.
 */
async function codeSource(url: string, target: BenchTarget, clientId: string, browsers: number) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorizeUrl = () =>
    `${url}/oauth/authorize?${new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: SCOPE,
      resource: ORDERS,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('base64url'),
    })}`;
  const owner = { role: 'vendor' as const, email: target.owner.email, password: target.owner.password };
  // One browser per flow at a time: a browser's jar keeps one interaction's cookies.
  const signedIn = await Promise.all(
    Array.from({ length: browsers }, async () => {
      const browser = oauthBrowser(url);
      await browser.authorize(authorizeUrl(), owner);
      return browser;
    }),
  );
  async function codes(count: number): Promise<string[]> {
    const got: string[] = [];
    await Promise.all(
      signedIn.map(async (browser) => {
        while (got.length < count) {
          const { callback } = await browser.authorize(authorizeUrl(), owner);
          const code = callback.searchParams.get('code');
          if (!code) throw new Error(`no code in the redirect: ${callback.search}`);
          got.push(code);
        }
      }),
    );
    return got.slice(0, count);
  }
  return { codes, verifier };
}

/** One exchange of a code per request, `codes` spent in order; the refresh tokens it gets, for chains. */
function codeExchanges(codes: string[], verifier: string, authorization: string, refreshTokens: string[]) {
  return [
    {
      method: 'POST',
      path: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      setupRequest: (req: object) => ({
        ...req,
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: codes.shift() ?? 'no-code-left',
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        }).toString(),
      }),
      onResponse: (status: number, body: string) => {
        if (status === 200) refreshTokens.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
      },
    },
  ];
}

export async function measureApps(
  target: BenchTarget,
  o: BenchOptions,
  progress: (message: string) => void,
): Promise<AppsBench> {
  const instance = await startOAuthInstance(target);
  const url = instance.url;
  const pid = instance.process.pid;
  const c = o.connections;
  const [app, service] = await withContainer(target.db, (k) =>
    Promise.all([
      k.auth.apps.operator.create({
        name: 'Bench Ledger',
        type: 'confidential',
        first_party: true,
        redirect_uris: [REDIRECT],
        scopes: ['openid', 'offline_access', 'orders:read'],
      }),
      k.auth.serviceClients.operator.create('bench app orders service'),
    ]),
  );
  const authorization = basicCredentials(app.client_id, app.client_secret!);
  const source = await codeSource(url, target, app.client_id, 4);

  // Chains of both refreshes, topped up after each run: a stopped run strands the chains in flight.
  const appTokens: string[] = [];
  const exchangeAll = async (codes: string[]) => {
    const answers = await Promise.all(
      codes.map((code) =>
        fetch(`${url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: REDIRECT,
            code_verifier: source.verifier,
          }),
        }).then(async (res) => {
          if (res.status !== 200) throw new Error(`code exchange answered ${res.status}: ${await res.text()}`);
          return (await res.json()) as { access_token: string; refresh_token: string };
        }),
      ),
    );
    return answers;
  };
  const appChains = refreshChains('/oauth/token', [], oauthRefresh(authorization));
  const ownChains = refreshChains('/api/v1/auth/vendor/refresh', []);
  const topUp = async (chains: RefreshChains, more: (n: number) => Promise<string[]>) =>
    chains.add(await more(Math.max(0, 2 * c - chains.ready())));
  // The code row's refresh tokens first: each a chain no one has presented yet.
  const moreAppTokens = async (n: number) => {
    const kept = appTokens.splice(0, n);
    if (kept.length === n) return kept;
    return kept.concat((await exchangeAll(await source.codes(n - kept.length))).map((t) => t.refresh_token));
  };
  const moreOwnTokens = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => (await signIn(url, 'vendor', target.email, target.password)).refresh_token),
    );
  await topUp(appChains, moreAppTokens);
  await topUp(ownChains, moreOwnTokens);

  const samples = { own: [] as Sample[], app: [] as Sample[], exchange: [] as Sample[] };
  const refreshSpec = (chains: RefreshChains, path: string): LoadSpec => ({
    path,
    requests: chains.requests,
    connections: c,
  });
  // The code row spends a fixed number of codes per round (each one once), sized from the warm-up's rate.
  let codesPerRound = o.smoke ? 20 : 100;
  const exchangeRun = async () => {
    const codes = await source.codes(codesPerRound);
    const sample = await runLoad(
      url,
      {
        path: '/oauth/token',
        requests: codeExchanges(codes, source.verifier, authorization, appTokens),
        connections: c,
        amount: codes.length,
      },
      0,
      pid,
    );
    return sample;
  };
  const parts: [keyof typeof samples, () => Promise<Sample>, () => Promise<unknown>][] = [
    [
      'own',
      () => runLoad(url, refreshSpec(ownChains, '/api/v1/auth/vendor/refresh'), o.duration / o.rounds, pid),
      () => topUp(ownChains, moreOwnTokens),
    ],
    [
      'app',
      () => runLoad(url, refreshSpec(appChains, '/oauth/token'), o.duration / o.rounds, pid),
      () => topUp(appChains, moreAppTokens),
    ],
    ['exchange', exchangeRun, async () => undefined],
  ];
  for (const [name, run, settle] of o.warmup > 0 ? parts : []) {
    const sample = await run();
    await settle();
    if (name === 'exchange' && sample.latencies.length > 0) {
      const rate = sample.latencies.length / ((sample.last - sample.start) / 1000);
      codesPerRound = Math.max(50, Math.round((rate * o.duration) / o.rounds));
    }
  }
  for (let round = 0; round < o.rounds; round++) {
    for (const [name, run, settle] of parts) {
      samples[name].push(await run());
      await settle();
    }
  }
  progress('app token routes done');

  // The kit as the orders service runs it (feed mode, its resource named) and jose with the published key.
  const token = (await exchangeAll(await source.codes(1)))[0]!.access_token;
  const guard = createGuard({
    apiUrl: url,
    clientId: service.client_id,
    clientSecret: service.client_secret,
    revocation: 'feed',
    resource: ORDERS,
    logger: { info: () => undefined, warn: (m) => progress(`kit: ${m}`) },
  });
  try {
    await guard.ready();
    await guard.authenticate(token); // issued before the feed synced: introspected once, then in memory
    const jwks = (await (await fetch(`${url}/api/v1/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const key = await importJWK(jwks.keys[0]!, 'EdDSA');
    const bareVerify = () =>
      jwtVerify(token, key, {
        issuer: url,
        audience: ORDERS,
        typ: 'at+jwt',
        requiredClaims: ['sub', 'iat', 'exp'],
        algorithms: ['EdDSA'],
      });
    await loop(Math.min(1, o.duration / 5), bareVerify);
    await loop(Math.min(1, o.duration / 5), () => guard.authenticate(token));
    const before = guard.stats().requests;
    const totals = { bare: { count: 0, seconds: 0 }, kit: { count: 0, seconds: 0 } };
    const slices = Math.max(o.rounds, Math.round(o.duration * 4));
    for (let slice = 0; slice < slices; slice++) {
      for (const [name, verify] of [
        ['bare', bareVerify],
        ['kit', () => guard.authenticate(token)],
      ] as const) {
        const run = await loop(o.duration / slices, verify);
        totals[name].count += run.count;
        totals[name].seconds += run.seconds;
      }
    }
    const after = guard.stats().requests;
    progress('guard kit on app tokens done');
    const rate = (t: { count: number; seconds: number }) => t.count / t.seconds;
    return {
      ownRefresh: summarize(samples.own),
      appRefresh: summarize(samples.app),
      codeExchange: summarize(samples.exchange),
      bare: { perSecond: rate(totals.bare), count: totals.bare.count },
      kit: {
        perSecond: rate(totals.kit),
        count: totals.kit.count,
        requestsToAuth: after.introspect - before.introspect + after.jwks - before.jwks,
      },
    };
  } finally {
    await guard.close();
  }
}

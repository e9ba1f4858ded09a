// The guard kit's rows: what another service pays per request to accept this service's tokens. The
// kit in feed mode (signature, expiry and the in-memory revocation check, its feed following the app)
// beside a bare jose verification of the same token with the same key, in interleaved rounds in this
// process; and introspections per second that the app answers a service client (RFC 7662).
import { jwtVerify } from 'jose';
import { basicCredentials, createGuard } from '../../src/guard-kit';
import { TEST_SECRETS } from '../../test/support/app-process';
import { withContainer } from '../../test/support/accounts';
import { post } from '../../test/support/http';
import { runLoad, summarize, type Measurement } from './load';
import type { BenchTarget } from './setup';

export interface KitBench {
  /** Verifications per second in this process, summed over the rounds. */
  bare: { perSecond: number; count: number };
  feed: { perSecond: number; count: number; requestsToAuth: number };
  introspection: Measurement;
}

const ISSUER = 'commerce-auth';
const AUDIENCE = 'commerce-platform';

/** Calls `verify` one after another for `seconds`; the count of successes (a failure throws). */
export async function loop(
  seconds: number,
  verify: () => Promise<unknown>,
): Promise<{ count: number; seconds: number }> {
  let count = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await verify();
    count += 50;
  }
  return { count, seconds: (performance.now() - started) / 1000 };
}

export async function measureGuardKit(
  target: BenchTarget,
  seconds: number,
  rounds: number,
  connections: number,
  progress: (message: string) => void,
): Promise<KitBench> {
  const url = target.app.url;
  const client = await withContainer(target.db, (c) => c.auth.serviceClients.operator.create('bench orders service'));
  const login = await post(url, '/api/v1/auth/vendor/login', { email: target.email, password: target.password });
  if (login.status !== 200) throw new Error(`bench kit login failed with ${login.status}`);
  const token = String((login.body as { access_token: string }).access_token);

  const guard = createGuard({
    apiUrl: url,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    revocation: 'feed',
    accessSecret: TEST_SECRETS.JWT_ACCESS_SECRET,
    logger: { info: () => undefined, warn: (m) => progress(`kit: ${m}`) },
  });
  try {
    await guard.ready();
    await guard.authenticate(token); // issued before the feed synced: introspected once, then in memory
    // The key imported once, as any service would hold it (a raw secret would be imported per call).
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(TEST_SECRETS.JWT_ACCESS_SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    // What any service must check of an access token: signature, issuer, audience, type and times.
    const bareVerify = () =>
      jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: 'at+jwt',
        requiredClaims: ['sub', 'iat', 'exp'],
        algorithms: ['HS256'],
      });
    await loop(Math.min(1, seconds / 5), bareVerify); // both warmed up before the measured rounds
    await loop(Math.min(1, seconds / 5), () => guard.authenticate(token));
    const before = guard.stats().requests;
    const totals = { bare: { count: 0, seconds: 0 }, feed: { count: 0, seconds: 0 } };
    // Short alternating slices (a quarter second each): this process shares the cores with the app.
    const slices = Math.max(rounds, Math.round(seconds * 4));
    for (let slice = 0; slice < slices; slice++) {
      for (const [name, verify] of [
        ['bare', bareVerify],
        ['feed', () => guard.authenticate(token)],
      ] as const) {
        const run = await loop(seconds / slices, verify);
        totals[name].count += run.count;
        totals[name].seconds += run.seconds;
      }
    }
    const after = guard.stats().requests;
    // The feed's long polls go on in the background; what counts is any call made per verification.
    const requestsToAuth = after.introspect - before.introspect + after.jwks - before.jwks;
    progress('guard kit verification done');

    const introspection = summarize([
      await runLoad(
        url,
        {
          method: 'POST',
          path: '/api/v1/auth/introspect',
          headers: { authorization: basicCredentials(client.client_id, client.client_secret) },
          form: { token },
          connections,
        },
        seconds,
        target.app.process.pid,
      ),
    ]);
    progress('introspection done');
    const rate = (t: { count: number; seconds: number }) => t.count / t.seconds;
    return {
      bare: { perSecond: rate(totals.bare), count: totals.bare.count },
      feed: { perSecond: rate(totals.feed), count: totals.feed.count, requestsToAuth },
      introspection,
    };
  } finally {
    await guard.close();
  }
}

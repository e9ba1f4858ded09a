// The measured rows and the order they run in: groups of rows whose ratios matter are measured in
// interleaved rounds, so a change in the machine's other load falls on every row of a group alike.
import { get, post } from '../../test/support/http';
import { createCeilingMeter } from './bcrypt-ceiling';
import { runLoad, summarize, type LoadSpec, type Measurement, type Sample } from './load';
import { scrapeLoopDelay, worstDelay, type LoopDelay } from './loop-delay';
import type { BenchOptions } from './options';
import { refreshChains } from './refresh-chains';
import { BENCH_ROUTE_HEADERS, BENCH_SECRET, type BenchTarget } from './setup';

export type RowKey =
  | 'bcrypt'
  | 'floor'
  | 'login'
  | 'customer_login'
  | 'plain'
  | 'noop'
  | 'me'
  | 'customer_me'
  | 'context'
  | 'refresh'
  | 'probe_idle'
  | 'storm_login'
  | 'storm_start'
  | 'storm_context'
  | 'step1';

export interface Row extends Measurement {
  key: RowKey;
  label: string;
  /** What exactly one request (one comparison) of this row does. */
  what: string;
}

/** One unit of a round: runs for the given seconds and returns a sample for one or more rows. */
interface Part {
  run(seconds: number): Promise<[RowKey, Sample][]>;
  /** Waits until work the app still does for a stopped run is over. */
  settle?(): Promise<unknown>;
}

/** How long the login storm runs before the context probe joins it. */
const STORM_LEAD_SECONDS = 1;

const AUTH = '/api/v1/auth/vendor';
const CUSTOMER = '/api/v1/auth/customer';

async function signIn(
  target: BenchTarget,
  as: { path: string; email: string; password: string } = { path: AUTH, ...target },
) {
  const answer = await post(target.app.url, `${as.path}/login`, { email: as.email, password: as.password });
  if (answer.status !== 200) throw new Error(`bench login failed with ${answer.status}: ${answer.text}`);
  return answer.body as { access_token: string; refresh_token: string };
}

/** One request first, so a row can never measure the wrong route (a 404 page answers fast too). */
async function expectAnswer(url: string, path: string, token: string | undefined, key: string, body?: unknown) {
  const answer =
    body === undefined
      ? await get(url, path, token)
      : await post(url, path, body, token ? { authorization: `Bearer ${token}` } : undefined);
  if (answer.status !== 200 || typeof answer.body !== 'object' || !(key in answer.body)) {
    throw new Error(
      `${body === undefined ? 'GET' : 'POST'} ${path} answered ${answer.status} ${answer.text.slice(0, 200)}, not a body with "${key}"`,
    );
  }
}

/** The app's event-loop delay during the context probe alone and beside the login storm (worst round). */
export interface LoopDelays {
  idle: LoopDelay;
  storm: LoopDelay;
}

/** Runs every row against `target`; `progress` hears about each finished group. */
export async function runScenarios(
  target: BenchTarget,
  o: BenchOptions,
  progress: (message: string) => void,
): Promise<{ rows: Row[]; loopDelays: LoopDelays }> {
  const url = target.app.url;
  const pid = target.app.process.pid;
  const c = o.connections;
  const samples = new Map<RowKey, Sample[]>();
  const what = new Map<RowKey, [string, string]>();
  const row = (key: RowKey, label: string, description: string) => what.set(key, [label, description]);
  const load = (key: RowKey, spec: LoadSpec, settle?: () => Promise<unknown>, at = { url, pid }): Part => ({
    run: async (seconds) => [[key, await runLoad(at.url, spec, seconds, at.pid)]],
    settle,
  });

  async function interleave(name: string, parts: Part[], rounds: number) {
    for (const part of o.warmup > 0 ? parts : []) {
      await part.run(o.warmup);
      await part.settle?.();
    }
    for (let round = 0; round < rounds; round++) {
      for (const part of parts) {
        for (const [key, sample] of await part.run(o.duration / rounds))
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        await part.settle?.();
      }
    }
    progress(`${name} done`);
  }

  const { access_token: accessToken } = await signIn(target);
  const bearer = { authorization: `Bearer ${accessToken}` };
  await expectAnswer(url, '/api/v1/bench/noop', BENCH_SECRET, 'ok');
  await expectAnswer(url, '/api/v1/bench/compare', BENCH_SECRET, 'ok', { password: target.password });
  await expectAnswer(url, `${AUTH}/me`, accessToken, 'vendor');
  await expectAnswer(url, `${AUTH}/context`, accessToken, 'pos_terminals');
  const shopper = { path: CUSTOMER, ...target.customer };
  const { access_token: customerToken } = await signIn(target, shopper);
  await expectAnswer(url, `${CUSTOMER}/me`, customerToken, 'customer');
  const customerLoginSpec: LoadSpec = {
    method: 'POST',
    path: `${CUSTOMER}/login`,
    body: target.customer,
    connections: c,
  };
  const loginSpec: LoadSpec = {
    method: 'POST',
    path: `${AUTH}/login`,
    body: { email: target.email, password: target.password },
    connections: c,
  };
  // The bcrypt pool takes jobs in order, so once one more login is answered, every comparison
  // left over from a stopped run has run (one at most may still be finishing on another worker).
  const loginsDrained = () => signIn(target);
  const floorSpec: LoadSpec = {
    method: 'POST',
    path: '/api/v1/bench/compare',
    body: { password: target.password },
    headers: BENCH_ROUTE_HEADERS,
    connections: c,
  };
  // The same pool, in the same order: one more answer means every comparison left over has run.
  const floorDrained = () => expectAnswer(url, '/api/v1/bench/compare', BENCH_SECRET, 'ok', floorSpec.body);

  // 1. Login against the bcrypt ceiling.
  const ceiling = createCeilingMeter(o.cost);
  row(
    'bcrypt',
    `bcrypt ceiling (${ceiling.workers} workers)`,
    `one bcryptjs comparison at cost ${o.cost} on a pool of ${ceiling.workers} worker threads in the bench process, app idle`,
  );
  row(
    'floor',
    'sign-in floor',
    "POST /api/v1/bench/compare: a Next.js route handler that reads a JSON body and makes one comparison on the app's bcrypt pool, nothing else",
  );
  row('login', 'login', 'POST login: correct password, one bcrypt comparison, a new sign-in');
  row('customer_login', 'customer login', 'POST customer login: the same for a verified customer');
  try {
    // Twice the rounds: at a few comparisons a second, short swings in other load weigh most here.
    await interleave(
      'login and bcrypt ceiling',
      [
        { run: async (s) => [['bcrypt', await ceiling.run(s)]] },
        load('floor', floorSpec, floorDrained),
        load('login', loginSpec, loginsDrained),
        load('customer_login', customerLoginSpec, () => signIn(target, shopper)),
      ],
      2 * o.rounds,
    );
  } finally {
    await ceiling.close();
  }

  // 2. The token routes against the bare handler. Refresh takes the newest token of one of many
  // sign-ins per request; stopped runs strand the chains in flight, so each round tops them up.
  const chains = refreshChains(`${AUTH}/refresh`, []);
  const topUpChains = async () =>
    chains.add(
      await Promise.all(
        Array.from({ length: Math.max(0, 2 * c - chains.ready()) }, async () => (await signIn(target)).refresh_token),
      ),
    );
  await topUpChains();
  row(
    'plain',
    'plain Next.js route handler',
    'GET /noop of a minimal Next.js app (bench/plain-next/, `next start`, no flags): a route handler that returns the same constant',
  );
  row(
    'noop',
    'bare route handler',
    "GET /api/v1/bench/noop: the product's own route handler that returns a constant (its server, flags and proxy matcher)",
  );
  row('me', 'me', 'GET me: verify the access token, read the account, answer the profile');
  row('customer_me', 'customer me', 'GET customer me: verify the access token, read the customer, answer the profile');
  row('context', 'context', 'GET context: verify, read the account, read its stores and terminals');
  row(
    'refresh',
    'refresh',
    `POST refresh: rotate the newest token of one of ${2 * c} sign-ins; no token is presented twice`,
  );
  await interleave(
    'token routes',
    [
      load('plain', { path: '/noop', connections: c }, undefined, target.plain),
      load('noop', { path: '/api/v1/bench/noop', headers: BENCH_ROUTE_HEADERS, connections: c }),
      load('me', { path: `${AUTH}/me`, headers: bearer, connections: c }),
      load('customer_me', {
        path: `${CUSTOMER}/me`,
        headers: { authorization: `Bearer ${customerToken}` },
        connections: c,
      }),
      load('context', { path: `${AUTH}/context`, headers: bearer, connections: c }),
      load('refresh', { path: `${AUTH}/refresh`, requests: chains.requests, connections: c }, topUpChains),
    ],
    o.rounds,
  );

  // 3. What terminals feel: context at a modest fixed rate, alone and beside a saturating login storm.
  const probe: LoadSpec = { path: `${AUTH}/context`, headers: bearer, connections: 2, overallRate: o.probeRate };
  const probeWhat = `GET context at a fixed ${o.probeRate}/s over 2 connections`;
  row('probe_idle', 'context probe, idle', probeWhat);
  row('storm_login', 'login during storm', `the saturating login storm itself, ${c} connections`);
  row(
    'storm_start',
    "context probe, storm's start",
    `${probeWhat}, in the first ${STORM_LEAD_SECONDS} s of the login storm, while its ${c} connections open and post their first sign-ins at once`,
  );
  row(
    'storm_context',
    'context probe, login storm',
    `${probeWhat}, during the login storm from ${STORM_LEAD_SECONDS} s after its start`,
  );
  const delays = { idle: [] as LoopDelay[], storm: [] as LoopDelay[] };
  /** `run` between two scrapes of the app's event-loop delay, kept under `into`. */
  const delayDuring = async <T>(into: LoopDelay[], run: () => Promise<T>) => {
    await scrapeLoopDelay(url);
    const result = await run();
    into.push(await scrapeLoopDelay(url));
    return result;
  };
  const idleProbe: Part = {
    run: async (s) => [['probe_idle', await delayDuring(delays.idle, () => runLoad(url, probe, s, pid))]],
  };
  const storm: Part = {
    // Two loads at once: app CPU per answer would mean nothing, so neither sample measures it. The
    // storm's first moment, its connections opening and posting their first sign-ins together, is
    // a burst of its own (decision 0006): the probe's first second is a row of its own, and the
    // storm row counts from there.
    run: async (s) => {
      const probes = async () => [await runLoad(url, probe, STORM_LEAD_SECONDS), await runLoad(url, probe, s)] as const;
      const [logins, [start, contexts]] = await delayDuring(delays.storm, () =>
        Promise.all([runLoad(url, loginSpec, STORM_LEAD_SECONDS + s), probes()]),
      );
      return [
        ['storm_login', logins],
        ['storm_start', start],
        ['storm_context', contexts],
      ];
    },
    settle: loginsDrained,
  };
  await interleave('login storm', [idleProbe, storm], o.rounds);

  // 4. Last: step 1 answers first and works afterwards, so its backlog must not disturb another row.
  row(
    'step1',
    'password reset step 1',
    'POST password-reset: validate and answer; the lookup and counters run after the answer',
  );
  await interleave(
    'password reset step 1',
    [
      load('step1', {
        method: 'POST',
        path: `${AUTH}/password-reset`,
        body: { email: target.email, vendor_type: 'employee' },
        connections: c,
      }),
    ],
    1,
  );

  const fixedRate = new Set<RowKey>(['probe_idle', 'storm_start', 'storm_context']);
  const rows = [...what.entries()].map(([key, [label, description]]) => ({
    key,
    label,
    what: description,
    ...summarize(samples.get(key) ?? [], fixedRate.has(key)),
  }));
  return { rows, loopDelays: { idle: worstDelay(delays.idle), storm: worstDelay(delays.storm) } };
}

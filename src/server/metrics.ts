// The process's Prometheus metrics (prom-client): HTTP requests by route template, the security
// events the core reports, the bcrypt and database pools, and Node's own process metrics.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { challengeMetrics } from './challenge-metrics';

/** The label of requests that matched no route, so unknown paths cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PoolStats {
  /** Work waiting for a free worker or connection. */
  waiting: number;
  /** Workers or connections busy with work now. */
  busy: number;
}

export interface PoolSources {
  bcrypt(): PoolStats;
  /** Undefined for the embedded SQLite file, which has no pool. */
  database(): PoolStats | undefined;
}

/** The token routes' cache as the metrics see it (src/server/cache/token-route-cache.ts). */
export interface CacheSource {
  readonly size: number;
}

/** The webhook outbox as the metrics see it: pending deliveries and the oldest one's age. */
export interface WebhookQueueSource {
  (): Promise<{ depth: number; oldestAgeSeconds: number }>;
}

export type SignInResult = 'success' | 'invalid_credentials' | 'account_disabled' | 'rate_limited' | 'error';

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let pools: PoolSources | undefined;

  const labels = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status',
    labelNames: labels,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status',
    labelNames: labels,
    // bcrypt-bound sign-ins sit in the 50 ms - 1 s range; token-only routes in single milliseconds.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'auth_sign_ins_total',
    help: 'Sign-in attempts by role and result',
    labelNames: ['role', 'result'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'auth_rate_limited_total',
    help: 'Requests refused or left without effect by a rate limit, by limit',
    labelNames: ['limit'],
    registers: [registry],
  });
  const refreshReuse = new Counter({
    name: 'auth_refresh_token_reuse_total',
    help: 'Rotated refresh tokens presented again after the grace period (family revoked)',
    labelNames: ['role'],
    registers: [registry],
  });
  const codesMailed = new Counter({
    name: 'auth_password_reset_codes_mailed_total',
    help: 'Password-reset codes mailed',
    labelNames: ['role'],
    registers: [registry],
  });

  const poolGauge = (name: string, help: string, read: (p: PoolSources) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const value = pools ? read(pools) : undefined;
        if (value !== undefined) this.set(value);
      },
    });
  poolGauge('auth_bcrypt_queue_length', 'Password hashes waiting for a bcrypt worker', (p) => p.bcrypt().waiting);
  poolGauge('auth_bcrypt_busy_workers', 'bcrypt workers hashing now', (p) => p.bcrypt().busy);
  let databaseGauges = false;

  let cache: CacheSource | undefined;
  new Gauge({
    name: 'auth_token_cache_entries',
    help: "Entries in the token routes' cache (accounts, sessions, vendor contexts, terminal pairings)",
    registers: [registry],
    collect() {
      this.set(cache?.size ?? 0);
    },
  });
  const cacheHelp = (what: string) => `Token-route reads ${what}, by kind of entry`;
  const cacheHits = new Counter({
    name: 'auth_token_cache_hits_total',
    help: cacheHelp('answered from the cache'),
    labelNames: ['kind'],
    registers: [registry],
  });
  const cacheMisses = new Counter({
    name: 'auth_token_cache_misses_total',
    help: cacheHelp('that went to the database with the cache on'),
    labelNames: ['kind'],
    registers: [registry],
  });

  const webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts made by this instance, by result (delivered, failed)',
    labelNames: ['result'],
    registers: [registry],
  });
  let webhookQueue: WebhookQueueSource | undefined;
  // One read of the outbox per scrape serves both gauges.
  let queueRead: Promise<{ depth: number; oldestAgeSeconds: number } | undefined> | undefined;
  const readQueue = () =>
    (queueRead ??= (webhookQueue?.() ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .finally(() => setTimeout(() => (queueRead = undefined), 0)));
  new Gauge({
    name: 'webhook_queue_depth',
    help: 'Webhook deliveries pending (waiting for an attempt or a retry)',
    registers: [registry],
    async collect() {
      const q = await readQueue();
      if (q) this.set(q.depth);
    },
  });
  new Gauge({
    name: 'webhook_oldest_pending_age_seconds',
    help: 'Age of the oldest pending webhook message, 0 when none is pending',
    registers: [registry],
    async collect() {
      const q = await readQueue();
      if (q) this.set(q.oldestAgeSeconds);
    },
  });

  return {
    registry,
    /** One webhook delivery attempt made here. */
    webhookAttempt: (result: 'delivered' | 'failed') => webhookDeliveries.inc({ result }),
    /** Where the queue gauges read the outbox (the server process's worker sets it). */
    observeWebhookQueue(source: WebhookQueueSource) {
      webhookQueue = source;
    },
    /** One answered request; `route` is the route's template (`/api/v1/auth/{role}/login`), never the raw path. */
    recordRequest({
      route,
      method,
      status,
      seconds,
    }: {
      route: string;
      method: string;
      status: number;
      seconds: number;
    }) {
      const values = { route, method, status: String(status) };
      requests.inc(values);
      latency.observe(values, seconds);
    },
    signIn: (role: string, result: SignInResult) => signIns.inc({ role, result }),
    rateLimited: (limit: 'login' | 'password_reset') => rateLimited.inc({ limit }),
    refreshReuse: (role: string) => refreshReuse.inc({ role }),
    codeMailed: (role: string) => codesMailed.inc({ role }),
    /** The proof-of-work challenge's gauge and counters, the core's ChallengeEvents. */
    challenge: challengeMetrics(registry),
    /** The cache whose size the gauge reports; hits and misses are counted through `cacheObserver`. */
    observeCache(source: CacheSource) {
      cache = source;
    },
    cacheObserver: {
      hit: (kind: string) => cacheHits.inc({ kind }),
      miss: (kind: string) => cacheMisses.inc({ kind }),
    },
    observePools(sources: PoolSources) {
      pools = sources;
      // Only a database with a pool (PostgreSQL) gets its gauges, rather than a constant 0.
      if (sources.database() === undefined || databaseGauges) return;
      databaseGauges = true;
      poolGauge('auth_db_pool_in_use', 'Database connections checked out (PostgreSQL)', (p) => p.database()?.busy);
      poolGauge(
        'auth_db_pool_waiting',
        'Queries waiting for a database connection (PostgreSQL)',
        (p) => p.database()?.waiting,
      );
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// One registry per process, shared by the server script and the bundled route handlers (each of
// which may load its own copy of this module).
const globalKey = Symbol.for('commerce-auth.metrics');
type Holder = { [globalKey]?: Metrics };

export function getMetrics(): Metrics {
  const holder = globalThis as Holder;
  holder[globalKey] ??= createMetrics();
  return holder[globalKey];
}

/** Records one answered request in the process's metrics. */
export function recordRequest(request: { route: string; method: string; status: number; seconds: number }): void {
  getMetrics().recordRequest(request);
}

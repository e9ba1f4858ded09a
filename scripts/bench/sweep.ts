// The sweeper's pass over a seeded database's backlog, run as another instance of the fleet runs it
// (the app's own sweeper, in this process, on the same database) while the measured app serves
// customer sign-ins: how long the pass took, what it removed, the slowest statement it sent, and the
// sign-ins' p99 during the pass beside the same load before and after it.
import { createPrismaClient } from '@/server/db/prisma';
import { createSweeper } from '@/server/db/sweeper';
import { createLogger } from '@/server/logger';
import type { RunningApp } from '../../test/support/app-process';
import type { TestDatabase } from '../../test/support/databases';
import { runLoad, summarize, type LoadSpec, type Measurement, type Sample } from './load';

export interface SweepStatement {
  ms: number;
  what: string;
  /** Seconds since the pass began. */
  at: number;
}

export interface SweepResult {
  seconds: number;
  removed: Record<string, number>;
  statements: number;
  /**
   * The three slowest statements, slowest first: milliseconds, which model, operation and condition, and when in the
   * pass.
   */
  slowest: SweepStatement[];
  /** The 99th percentile of the statements' times, milliseconds. */
  p99Ms: number;
  loginDuring: Measurement;
  loginWithout: Measurement;
}

/** Load slices of one second each, until `done` (at least one), or `count` of them. */
async function slices(
  app: RunningApp,
  spec: LoadSpec,
  until: { done: () => boolean } | { count: number },
): Promise<Sample[]> {
  const samples: Sample[] = [];
  do samples.push(await runLoad(app.url, spec, 1, app.process.pid));
  while ('done' in until ? !until.done() : samples.length < until.count);
  return samples;
}

export async function measureSweep(
  db: TestDatabase,
  app: RunningApp,
  login: LoadSpec,
  baselineSeconds: number,
): Promise<SweepResult> {
  const client = createPrismaClient({ databaseUrl: db.databaseUrl, dataDir: db.dataDir, connectTimeoutMs: 30_000 });
  const timings: SweepStatement[] = [];
  let passStarted = performance.now();
  // Every statement the sweeper sends, timed from the call to its answer.
  const timed = client.prisma.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const t0 = performance.now();
        try {
          return (await query(args)) as unknown;
        } finally {
          // A read names the column of its condition, which tells the passes of one model apart.
          const where = (args as { where?: object }).where;
          const condition =
            operation === 'findMany' && where
              ? `(${Object.keys(where)
                  .filter((key) => key !== 'AND')
                  .join(', ')})`
              : '';
          timings.push({
            ms: performance.now() - t0,
            what: `${model ?? 'raw'}.${operation}${condition}`,
            at: (t0 - passStarted) / 1000,
          });
        }
      },
    },
  }) as unknown as typeof client.prisma;
  try {
    const before = await slices(app, login, { count: Math.ceil(baselineSeconds / 2) });
    let finished = false;
    const t0 = performance.now();
    passStarted = t0;
    const pass = createSweeper(timed, { now: () => new Date() }, createLogger('silent'))
      .sweepOnce()
      .finally(() => (finished = true));
    const during = await slices(app, login, { done: () => finished });
    const removed = await pass;
    const seconds = (performance.now() - t0) / 1000;
    const after = await slices(app, login, { count: Math.floor(baselineSeconds / 2) || 1 });
    const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 3);
    const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
    const p99Ms = sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? NaN;
    return {
      seconds,
      removed,
      statements: timings.length,
      slowest,
      p99Ms,
      loginDuring: summarize(during),
      loginWithout: summarize([...before, ...after]),
    };
  } finally {
    await client.close();
  }
}

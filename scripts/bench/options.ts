// The benchmark's settings, from the command line and the environment, with their defaults.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../test/support/app-process';
import { commandLine } from '../../src/server/command-line';

export interface BenchOptions {
  /** Each scenario for 1 s with no warm-up; exit non-zero on any error. */
  smoke: boolean;
  /** Seconds each scenario is measured for. */
  duration: number;
  /** Seconds of unrecorded load before each measurement (JIT, connection pools). */
  warmup: number;
  /** Concurrent keep-alive connections of every saturating scenario. */
  connections: number;
  /** Requests per second of the context probe that runs beside the login storm. */
  probeRate: number;
  /** bcrypt cost of the app, the login account's hash and the ceiling: BCRYPT_ROUNDS, default 12 (4 in a smoke run). */
  cost: number;
  /** Interleaved rounds each group of rows is measured in (each row gets `duration / rounds` per round). */
  rounds: number;
  /** `--scale`: the seeded-against-empty comparison instead of the usual rows (scale.ts). */
  scale: boolean;
  /** `--releases`: this Node beside the current LTS instead of the usual rows (releases.ts). */
  releases: boolean;
  /** `--customers N` of the scale run (default 1,000,000 on PostgreSQL, 100,000 on SQLite). */
  scaleCustomers?: number;
  /**
   * `--seeded URL|DIR`: a database seeded before (db:seed-scale with --customers) that the scale run measures as it is,
   * instead of seeding one.
   */
  scaleSeeded?: string;
  /** `--rows a,b`: only the scale rows whose label contains one of these (no export, no sweep). */
  scaleRows?: string[];
  /**
   * `--cpu-prof DIR`: CPU profiles of the measured app and of the plain Next.js app, written to DIR/app and DIR/plain
   * when they stop.
   */
  cpuProfileDir?: string;
  /** PostgreSQL server for a scratch database; unset: an embedded SQLite file. */
  databaseUrl?: string;
  distDir: string;
  resultsDir: string;
}

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

const USAGE = `Usage: npm run bench -- [--smoke] [--scale [--customers N]] [--releases] [--duration S] [--rounds N]
                        [--connections N] [--probe-rate N] [--cpu-prof DIR]

Starts the built app (npm run build first) on a scratch database (DATABASE_URL's PostgreSQL server,
else an embedded SQLite file) and measures every row side by side with a plain Next.js route handler
and bcrypt's ceiling, in interleaved rounds; prints one table and writes it to bench/results/.
  --smoke          every row for 1 s at bcrypt cost 4; exit 1 on any error answer
  --scale          the routes on a seeded database beside an empty one (--customers, default
                   1,000,000 on PostgreSQL, 100,000 on SQLite); --seeded URL|DIR measures a database
                   seeded before with --customers N instead; --rows search,login only those rows
  --releases       the sign-ins and token routes on this Node and on the current LTS side by side
  --duration S     seconds per row (BENCH_DURATION; default 10)     --rounds N  (default 5)
  --connections N  keep-alive connections per row (default 10)     --probe-rate N  context probe requests/s (40)
  --cpu-prof DIR   CPU profiles of the app and of the plain app, written when they stop
BCRYPT_ROUNDS sets the cost (default 12).`;

const FLAGS = {
  smoke: { type: 'boolean' },
  scale: { type: 'boolean' },
  releases: { type: 'boolean' },
  customers: { type: 'string' },
  seeded: { type: 'string' },
  rows: { type: 'string' },
  duration: { type: 'string' },
  rounds: { type: 'string' },
  connections: { type: 'string' },
  'probe-rate': { type: 'string' },
  'cpu-prof': { type: 'string' },
} as const;

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values: flags } = commandLine(USAGE, FLAGS, { argv });
  const smoke = flags.smoke === true;
  const duration = positive('BENCH_DURATION', flags.duration ?? env.BENCH_DURATION, smoke ? 1 : 10);
  // A smoke run checks that every scenario answers without errors; at cost 12 a busy machine may
  // not finish one login within its single second.
  const cost = positive('BCRYPT_ROUNDS', env.BCRYPT_ROUNDS, smoke ? 4 : 12);
  if (!Number.isInteger(cost) || cost < 4 || cost > 15)
    throw new Error('BCRYPT_ROUNDS must be an integer from 4 to 15');
  const rounds = positive('--rounds', flags.rounds, smoke ? 1 : 5);
  if (!Number.isInteger(rounds)) throw new Error('--rounds must be a whole number');
  const distDir = env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    throw new Error(
      `no production build in ${distDir}/: run \`npm run build\` first (or set NEXT_DIST_DIR to the build folder)`,
    );
  }
  return {
    smoke,
    duration,
    warmup: smoke ? 0 : Math.min(2, duration / 5),
    connections: positive('--connections', flags.connections, 10),
    probeRate: positive('--probe-rate', flags['probe-rate'], 40),
    cost,
    rounds,
    scale: flags.scale === true,
    releases: flags.releases === true,
    scaleCustomers:
      flags.customers === undefined ? undefined : positive('--customers', flags.customers?.replace(/[_,]/g, ''), 0),
    scaleSeeded: flags.seeded,
    scaleRows: flags.rows
      ?.split(',')
      .map((row) => row.trim())
      .filter(Boolean),
    cpuProfileDir: flags['cpu-prof'] ? path.resolve(flags['cpu-prof']) : undefined,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    distDir,
    resultsDir: path.join(ROOT, 'bench', 'results'),
  };
}

// The system under test: a scratch database, the test suite's seed accounts, and the built app
// started as `npm start` starts it, with limits moved out of the benchmark's way.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PASSWORDS, seedAccounts, withContainer } from '../../test/support/accounts';
import { startApp, type RunningApp } from '../../test/support/app-process';
import { createTestDatabase, type TestDatabase } from '../../test/support/databases';
import { databaseCpu } from './database-cpu';
import { measureDatabaseCpuWith } from './load';
import { BENCH_METRICS_TOKEN } from './loop-delay';
import type { BenchOptions } from './options';
import { buildPlainNext, startPlainNext, type PlainNext } from './plain-next';

/** Far above anything a run can reach: the bench measures work, not refusals. */
const NO_LIMIT = '1000000000';

/**
 * Login limits count every attempt until it succeeds, so a storm of correct logins on one account
 * would otherwise meet them. Step 1's limits keep their defaults: they never change its answer,
 * and past them it only counts, which is what a flood of step-1 requests costs in production.
 */
export const BENCH_LIMITS = {
  RATE_LIMIT_LOGIN_PER_IDENTITY_IP: NO_LIMIT,
  RATE_LIMIT_LOGIN_PER_IDENTITY: NO_LIMIT,
  RATE_LIMIT_LOGIN_PER_IP: NO_LIMIT,
  INTROSPECT_PER_MINUTE: NO_LIMIT,
};

/** The bench's own secret for the app's bare routes (/api/v1/bench/*), new each run. */
export const BENCH_SECRET = randomBytes(32).toString('base64url');
export const BENCH_ROUTES_ENV = { BENCH_ROUTES: '1', BENCH_SECRET };
export const BENCH_ROUTE_HEADERS = { authorization: `Bearer ${BENCH_SECRET}` };

export interface BenchTarget {
  app: RunningApp;
  /** A second instance on the same database: where the revocation row makes its changes. */
  second: RunningApp;
  db: TestDatabase;
  /** The vendor employee every scenario signs in as (assigned to one of two stores). */
  email: string;
  password: string;
  /** The verified customer of the customer rows. */
  customer: { email: string; password: string };
  employeeId: string;
  /** The employee's store, a terminal there, and the owner, who approves at it (the till rows). */
  storeId: string;
  terminalId: string;
  ownerId: string;
  /** AUTH_CACHE_SIZE the app runs with (its default unless the environment sets it). */
  cacheSize: string;
  /** A super admin, who registers the webhook rows' endpoint and disables and enables an admin there. */
  admin: { email: string };
  /** The business's owner, who disables and enables the employee in the revocation row. */
  owner: { email: string; password: string };
  /** A minimal Next.js app with one route handler, the framework's own floor (bench/plain-next/). */
  plain: PlainNext;
  /** One more instance on the same database with the same settings and `env` on top (stopped by `close`). */
  startInstance(env: Record<string, string>): Promise<RunningApp>;
  close(): Promise<void>;
}

export async function startTarget(options: BenchOptions): Promise<BenchTarget> {
  const db = await createTestDatabase(options.databaseUrl ? 'postgresql' : 'sqlite', options.databaseUrl);
  try {
    const seed = await seedAccounts(db, 'bench');
    const email = seed.employee.email;
    // The seeded accounts hash at a test cost; login must compare at the bench's cost, like production.
    const cost = { BCRYPT_ROUNDS: String(options.cost) };
    await withContainer(
      db,
      async (c) => {
        await c.auth.operator.resetPassword('vendor', email, PASSWORDS.employee);
        await c.auth.operator.resetPassword('customer', seed.customer.email, PASSWORDS.customer);
      },
      cost,
    );
    const cache = process.env.AUTH_CACHE_SIZE ? { AUTH_CACHE_SIZE: process.env.AUTH_CACHE_SIZE } : {};
    // BENCH_NODE_OPTIONS reaches the measured instance only (say `--require` of a script that starts
    // the inspector's profiler; Node refuses `--cpu-prof` there), to profile it under load.
    const profile = process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {};
    const env = {
      ...cost,
      ...BENCH_LIMITS,
      ...cache,
      ...BENCH_ROUTES_ENV,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      NEXT_DIST_DIR: options.distDir,
      WEBHOOK_ALLOW_PRIVATE: '1',
    };
    buildPlainNext();
    const cpuProfile = (name: string) =>
      options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(options.cpuProfileDir, name)}`] : [];
    const [app, second, plain] = await Promise.all([
      startApp(db, { ...env, ...profile }, undefined, [], cpuProfile('app')),
      startApp(db, env),
      startPlainNext(process.execPath, cpuProfile('plain')),
    ]);
    // PostgreSQL's own CPU per answer, for sizing the server (docs/performance.md); SQLite runs in the app.
    const serverCpu = db.databaseUrl ? await databaseCpu(db.databaseUrl) : undefined;
    measureDatabaseCpuWith(serverCpu?.read);
    const more: RunningApp[] = [];
    return {
      app,
      second,
      db,
      email,
      password: PASSWORDS.employee,
      customer: { email: seed.customer.email, password: PASSWORDS.customer },
      employeeId: seed.employee.id,
      storeId: seed.storeA.id,
      terminalId: seed.tillA.id,
      ownerId: seed.owner.id,
      cacheSize: process.env.AUTH_CACHE_SIZE || 'default (10000)',
      owner: { email: seed.owner.email, password: PASSWORDS.owner },
      admin: { email: seed.admin.email },
      plain,
      async startInstance(extra) {
        const instance = await startApp(db, { ...env, ...extra }, undefined, [], cpuProfile('more'));
        more.push(instance);
        return instance;
      },
      async close() {
        measureDatabaseCpuWith(undefined);
        await serverCpu?.close();
        await Promise.all([app.stop(), second.stop(), plain.stop(), ...more.map((m) => m.stop())]);
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}

/** Stops each side's app and drops its database (the side-by-side runs: scale, releases). */
export async function closeSides(sides: { app: RunningApp; db: TestDatabase }[]): Promise<void> {
  for (const side of sides) {
    await side.app.stop();
    await side.db.drop();
  }
}

// `npm run bench -- --scale`: the same routes on a seeded database (PostgreSQL: 1,000,000 customers;
// SQLite: a tenth) and on an empty one, side by side in interleaved rounds: the sign-ins, the token
// routes, the admin's customer search and lists at their first page and at a deep cursor, the
// audit page's filters, and a customer's export with its memory growth. The admin's pages are also
// asked one request at a time, as one admin waits for them: at 10 connections on two cores their p99
// is mostly the queue of the other nine, on an empty database as on a seeded one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { encodeCursor } from '@/core/paging';
import { sqliteFilePath } from '@/server/db/prisma';
import { get, post } from '../../test/support/http';
import { startApp, type RunningApp } from '../../test/support/app-process';
import { createTestDatabase, type TestDatabase } from '../../test/support/databases';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD, seedScale } from '../db/seed-scale';
import { scaleCounts, TABLE } from '../db/scale/statements';
import { processRssMiB, runLoad, summarize, type LoadSpec, type Measurement, type Sample } from './load';
import type { BenchOptions } from './options';
import { refreshChains } from './refresh-chains';
import { fixed } from './report';
import { BENCH_LIMITS, closeSides } from './setup';
import { measureSweep, type SweepResult } from './sweep';

const seededId = (table: number, n: number) =>
  `${table.toString(16).padStart(8, '0')}-5ca1-4000-8000-${n.toString(16).padStart(12, '0')}`;

interface Side {
  name: 'seeded' | 'empty';
  db: TestDatabase;
  app: RunningApp;
  customers: number;
}

export interface ScaleRow {
  label: string;
  what: string;
  seeded: Measurement;
  empty: Measurement;
  /** An admin's page asked one request at a time. */
  alone?: Record<Side['name'], Measurement>;
}

export interface ScaleResult {
  customers: number;
  seedSeconds: number;
  /** Connections of the saturating rows. */
  connections: number;
  /** The admin pages' p99 target, one request at a time: 50 ms on PostgreSQL, 100 ms on SQLite. */
  adminPageTargetMs: number;
  rows: ScaleRow[];
  /** The search for a fragment every customer shares, one request at a time: its p99 target on both dialects. */
  commonSearchTargetMs: number;
  /** Absent when `--rows` chose some rows only. */
  export?: {
    events: number;
    seconds: Record<Side['name'], number>;
    rssGrowthMiB: Record<Side['name'], number>;
    status: Record<Side['name'], number>;
  };
  /** The sweeper's pass over a seeded database's backlog, beside the customers' sign-ins. */
  sweep?: SweepResult;
}

/** A search for a fragment that every customer shares answers as fast as one for a rare fragment. */
export const COMMON_SEARCH_TARGET_MS = 50;
const COMMON_SEARCH = 'customer search, common';

/** The `createdAt` of a seeded row, read from the database, for a cursor that points deep into a list. */
async function createdAtOf(db: TestDatabase, table: string, id: string): Promise<Date> {
  if (db.databaseUrl) {
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ createdAt: Date }>(`SELECT "createdAt" FROM "${table}" WHERE "id" = $1`, [id]))
        .rows[0]!.createdAt;
    } finally {
      await client.end();
    }
  }
  const sqlite = new Database(sqliteFilePath(db.dataDir), { readonly: true });
  try {
    return new Date(
      (sqlite.prepare(`SELECT "createdAt" FROM "${table}" WHERE "id" = ?`).get(id) as { createdAt: string }).createdAt,
    );
  } finally {
    sqlite.close();
  }
}

async function signIn(
  app: RunningApp,
  path: string,
  email: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const answer = await post(app.url, path, { email, password: SCALE_PASSWORD });
  if (answer.status !== 200)
    throw new Error(`scale bench: ${path} for ${email} answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.body as { access_token: string; refresh_token: string };
}

/** A database seeded before (`--seeded`), measured as it is and kept afterwards. */
const keptDatabase = (seeded: string): TestDatabase =>
  /^postgres(ql)?:\/\//.test(seeded)
    ? {
        dialect: 'postgresql',
        databaseUrl: seeded,
        dataDir: mkdtempSync(path.join(tmpdir(), 'bench-seeded-')),
        drop: async () => undefined,
      }
    : { dialect: 'sqlite', dataDir: path.resolve(seeded), drop: async () => undefined };

async function prepareSide(
  name: Side['name'],
  customers: number,
  o: BenchOptions,
  say: (m: string) => void,
): Promise<Side & { seedSeconds: number }> {
  const kept = name === 'seeded' && o.scaleSeeded !== undefined;
  const db = kept
    ? keptDatabase(o.scaleSeeded!)
    : await createTestDatabase(o.databaseUrl ? 'postgresql' : 'sqlite', o.databaseUrl);
  const env = {
    ...process.env,
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl ?? '',
    COMMERCE_AUTH_NODE_ENV: 'development',
    BCRYPT_ROUNDS: String(o.cost),
    LOG_LEVEL: 'warn',
  };
  const { seconds } = kept
    ? { seconds: 0 }
    : await seedScale({ customers, env, say: (line) => say(`${name}: ${line.trim()}`) });
  // The apps never sweep on their own: the pass is measured once, at the end, on the seeded side.
  const app = await startApp(db, {
    ...BENCH_LIMITS,
    BCRYPT_ROUNDS: String(o.cost),
    NEXT_DIST_DIR: o.distDir,
    LOG_LEVEL: 'warn',
    CLEANUP_INTERVAL: '0',
  });
  return { name, db, app, customers, seedSeconds: seconds };
}

export async function runScaleBench(o: BenchOptions, say: (m: string) => void): Promise<ScaleResult> {
  const customers = o.scaleCustomers ?? (o.databaseUrl ? 1_000_000 : 100_000);
  say(`seeding ${customers.toLocaleString('en')} customers and the rest in proportion`);
  const seeded = await prepareSide('seeded', customers, o, say);
  const empty = await prepareSide('empty', 10, o, say);
  const sides: Side[] = [seeded, empty];
  try {
    const c = o.connections;
    const perSide = new Map<
      Side,
      {
        admin: string;
        customer: string;
        vendor: string;
        chains: ReturnType<typeof refreshChains>;
        deep: Record<string, string>;
      }
    >();
    for (const side of sides) {
      const n = side.customers;
      const admin = (await signIn(side.app, '/api/v1/auth/admin/login', SCALE_ADMIN_EMAIL)).access_token;
      const customer = (await signIn(side.app, '/api/v1/auth/customer/login', `customer-${n}@scale.example`))
        .access_token;
      const vendor = (await signIn(side.app, '/api/v1/auth/vendor/login', 'staff-2@scale.example')).access_token;
      const chains = refreshChains('/api/v1/auth/customer/refresh', []);
      chains.add(
        await Promise.all(
          Array.from(
            { length: 2 * c },
            async () =>
              (await signIn(side.app, '/api/v1/auth/customer/login', `customer-${n}@scale.example`)).refresh_token,
          ),
        ),
      );
      // A cursor near the end of each list: the key of a row 100 from the last.
      const counts = scaleCounts(n);
      const key = async (table: string, tableNo: number, row: number) => {
        const id = seededId(tableNo, Math.max(1, row));
        return encodeCursor({ id, createdAt: await createdAtOf(side.db, table, id) });
      };
      const deep = {
        customers: await key('CustomerAccount', TABLE.customer, counts.customers - 100),
        vendors: await key('Vendor', TABLE.business, counts.businesses - 100),
      };
      perSide.set(side, { admin, customer, vendor, chains, deep });
    }
    const n = seeded.customers;
    const counts = scaleCounts(n);
    const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    type RowSpec = { label: string; what: string; spec: (side: Side) => LoadSpec };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const specs: RowSpec[] = [
      {
        label: 'admin login',
        what: 'POST admin login, one bcrypt comparison',
        spec: () => ({
          method: 'POST',
          path: '/api/v1/auth/admin/login',
          body: { email: SCALE_ADMIN_EMAIL, password: SCALE_PASSWORD },
          connections: 4,
        }),
      },
      {
        label: 'vendor login',
        what: 'POST vendor login of an employee',
        spec: () => ({
          method: 'POST',
          path: '/api/v1/auth/vendor/login',
          body: { email: 'staff-2@scale.example', password: SCALE_PASSWORD },
          connections: 4,
        }),
      },
      {
        label: 'customer login',
        what: 'POST customer login of the last seeded customer',
        spec: (s) => ({
          method: 'POST',
          path: '/api/v1/auth/customer/login',
          body: { email: `customer-${s.customers}@scale.example`, password: SCALE_PASSWORD },
          connections: 4,
        }),
      },
      {
        label: 'customer me',
        what: 'GET customer me',
        spec: (s) => ({ path: '/api/v1/auth/customer/me', headers: bearer(perSide.get(s)!.customer), connections: c }),
      },
      {
        label: 'vendor context',
        what: 'GET vendor context of an employee',
        spec: (s) => ({ path: '/api/v1/auth/vendor/context', headers: bearer(perSide.get(s)!.vendor), connections: c }),
      },
      {
        label: 'customer refresh',
        what: 'POST customer refresh, each token presented once',
        spec: (s) => ({
          path: '/api/v1/auth/customer/refresh',
          requests: perSide.get(s)!.chains.requests,
          connections: c,
        }),
      },
      {
        label: 'customer search',
        what: 'GET admin customers?query= (e-mail or name contains it), one match',
        spec: (s) => ({
          path: `/api/v1/admin/customers?query=customer-${Math.max(1, Math.floor(s.customers / 2))}%40`,
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'customer search, common',
        what: "GET admin customers?query=scale.example, which every customer matches (a big shop's `gmail.com`)",
        spec: (s) => ({
          path: '/api/v1/admin/customers?query=scale.example',
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'customers, first page',
        what: 'GET admin customers, 50 oldest',
        spec: (s) => ({
          path: '/api/v1/admin/customers?limit=50',
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'customers, deep cursor',
        what: 'GET admin customers after the 100th-last',
        spec: (s) => ({
          path: `/api/v1/admin/customers?limit=50&cursor=${perSide.get(s)!.deep.customers}`,
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'businesses, first page',
        what: 'GET admin vendors, 50 oldest',
        spec: (s) => ({
          path: '/api/v1/admin/vendors?limit=50',
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'businesses, deep cursor',
        what: 'GET admin vendors after the 100th-last',
        spec: (s) => ({
          path: `/api/v1/admin/vendors?limit=50&cursor=${perSide.get(s)!.deep.vendors}`,
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'audit, first page',
        what: 'GET admin audit-events, newest 50',
        spec: (s) => ({
          path: '/api/v1/admin/audit-events?limit=50',
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'audit by account',
        what: 'GET admin audit-events?account_id= (a customer with about 10 events)',
        spec: (s) => ({
          path: `/api/v1/admin/audit-events?limit=50&account_id=${seededId(TABLE.customer, Math.max(2, Math.floor(s.customers / 3)))}`,
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'audit by event',
        what: 'GET admin audit-events?event=logout',
        spec: (s) => ({
          path: '/api/v1/admin/audit-events?limit=50&event=logout',
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
      {
        label: 'audit by time',
        what: 'GET admin audit-events?from=&to= (one day, 200 days ago)',
        spec: (s) => ({
          path: `/api/v1/admin/audit-events?limit=50&from=${dayAgo(201)}&to=${dayAgo(200)}`,
          headers: bearer(perSide.get(s)!.admin),
          connections: c,
        }),
      },
    ];
    // The admin's pages: from the search on.
    const adminPages = new Set(specs.slice(specs.findIndex((r) => r.label === 'customer search')).map((r) => r.label));
    const chosen = o.scaleRows ? specs.filter((r) => o.scaleRows!.some((part) => r.label.includes(part))) : specs;
    const samples = new Map<string, Sample[]>();
    const add = (key: string, sample: Sample) => samples.set(key, [...(samples.get(key) ?? []), sample]);
    const seconds = o.duration / o.rounds;
    for (let round = 0; round < o.rounds; round++) {
      for (const row of chosen) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
          add(`${row.label}/${side.name}`, await runLoad(side.app.url, row.spec(side), seconds, side.app.process.pid));
          if (adminPages.has(row.label))
            add(
              `${row.label}/${side.name}/alone`,
              await runLoad(side.app.url, { ...row.spec(side), connections: 1 }, seconds / 2, side.app.process.pid),
            );
          if (row.label === 'customer refresh') {
            const chains = perSide.get(side)!.chains;
            chains.add(
              await Promise.all(
                Array.from(
                  { length: Math.max(0, 2 * c - chains.ready()) },
                  async () =>
                    (await signIn(side.app, '/api/v1/auth/customer/login', `customer-${side.customers}@scale.example`))
                      .refresh_token,
                ),
              ),
            );
          }
        }
      }
      say(`scale round ${round + 1} of ${o.rounds} done`);
    }
    const measured = (key: string) => summarize(samples.get(key) ?? []);
    const rows = chosen.map((r): ScaleRow => ({
      label: r.label,
      what: r.what,
      seeded: measured(`${r.label}/seeded`),
      empty: measured(`${r.label}/empty`),
      ...(adminPages.has(r.label) && {
        alone: { seeded: measured(`${r.label}/seeded/alone`), empty: measured(`${r.label}/empty/alone`) },
      }),
    }));

    const result = {
      customers: n,
      seedSeconds: seeded.seedSeconds,
      connections: c,
      adminPageTargetMs: o.databaseUrl ? 50 : 100,
      commonSearchTargetMs: COMMON_SEARCH_TARGET_MS,
      rows,
    };
    if (o.scaleRows) return result;
    // The export of the first customer (its long history) on each side, with the app's RSS around it.
    const exp = {
      events: counts.exportEvents,
      seconds: { seeded: NaN, empty: NaN },
      rssGrowthMiB: { seeded: NaN, empty: NaN },
      status: { seeded: 0, empty: 0 },
    };
    for (const side of sides) {
      const token = (await signIn(side.app, '/api/v1/auth/customer/login', 'customer-1@scale.example')).access_token;
      const before = processRssMiB(side.app.process.pid);
      let peak = before;
      const watch = setInterval(() => (peak = Math.max(peak, processRssMiB(side.app.process.pid))), 20);
      const t0 = performance.now();
      const answer = await get(side.app.url, '/api/v1/auth/customer/me/export', token);
      clearInterval(watch);
      exp.seconds[side.name] = (performance.now() - t0) / 1000;
      exp.rssGrowthMiB[side.name] = Math.max(peak, processRssMiB(side.app.process.pid)) - before;
      exp.status[side.name] = answer.status;
    }
    say("sweeping a seeded database's backlog beside customer sign-ins");
    const sweep = await measureSweep(
      seeded.db,
      seeded.app,
      specs.find((r) => r.label === 'customer login')!.spec(seeded),
      o.duration,
    );
    return { ...result, export: exp, sweep };
  } finally {
    await closeSides(sides);
  }
}

export function scaleMarkdown(result: ScaleResult, command: string, dialect: string): string {
  const ms = (n: number) => fixed(n, n < 10 ? 1 : 0);
  return (
    [
      `Command: \`${command}\` on ${dialect}, ${new Date().toISOString().slice(0, 16)}Z: ${result.customers.toLocaleString('en')} customers seeded in ${fixed(result.seedSeconds)} s, and the rest in proportion.`,
      '',
      '| Row | seeded req/s | empty req/s | seeded / empty | seeded p99 ms | empty p99 ms | one at a time: seeded p99 ms | empty p99 ms | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...result.rows.map(
        (r) =>
          `| ${r.label} | ${fixed(r.seeded.rps, r.seeded.rps < 100 ? 1 : 0)} | ${fixed(r.empty.rps, r.empty.rps < 100 ? 1 : 0)} | ${fixed(r.seeded.rps / r.empty.rps, 2)} | ` +
          `${ms(r.seeded.p99)} | ${ms(r.empty.p99)} | ${r.alone ? `${ms(r.alone.seeded.p99)} | ${ms(r.alone.empty.p99)}` : '- | -'} | ${r.seeded.errors + r.empty.errors + (r.alone ? r.alone.seeded.errors + r.alone.empty.errors : 0)} |`,
      ),
      '',
      `p99 at ${result.connections} connections per row (4 for the sign-ins); "one at a time": the admin's pages asked by one connection, one request after another, as one admin waits for them (target < ${result.adminPageTargetMs} ms at any cursor depth).`,
      '',
      ...commonSearchLine(result),
      ...(result.export ? [exportLine(result.export), ''] : []),
      ...(result.sweep ? [sweepLine(result.sweep), ''] : []),
      ...result.rows.map((r) => `- ${r.label}: ${r.what}.`),
    ].join('\n') + '\n'
  );
}

function commonSearchLine({ rows, commonSearchTargetMs }: ScaleResult): string[] {
  const row = rows.find((r) => r.label === COMMON_SEARCH);
  if (!row?.alone) return [];
  const p99 = row.alone.seeded.p99;
  return [
    `Search for a fragment every customer shares, one at a time: seeded p99 ${fixed(p99, 1)} ms (target < ${commonSearchTargetMs} ms: ${p99 < commonSearchTargetMs ? 'met' : 'NOT met'}); ` +
      `the one-match search ${fixed(rows.find((r) => r.label === 'customer search')?.alone?.seeded.p99 ?? NaN, 1)} ms.`,
    '',
  ];
}

function exportLine(exp: NonNullable<ScaleResult['export']>): string {
  return (
    `Export of a customer with ${exp.events.toLocaleString('en')} security events: status ${exp.status.seeded}, ${fixed(exp.seconds.seeded, 2)} s, ` +
    `app RSS growth ${fixed(exp.rssGrowthMiB.seeded)} MiB (empty database: ${fixed(exp.seconds.empty, 2)} s, ${fixed(exp.rssGrowthMiB.empty)} MiB).`
  );
}

function sweepLine({ seconds, removed, statements, slowest, p99Ms, loginDuring, loginWithout }: SweepResult): string {
  const rows = Object.values(removed).reduce((a, b) => a + b, 0);
  return (
    `Sweeper's pass over a seeded database's backlog (run beside the app, as another instance would): ${rows.toLocaleString('en')} rows removed in ${fixed(seconds)} s ` +
    `by ${statements.toLocaleString('en')} statements (p99 ${fixed(p99Ms)} ms), the slowest ${fixed(slowest[0]?.ms ?? 0)} ms (target < 250; ` +
    `${slowest.map((s) => `${fixed(s.ms)} ms ${s.what} ${fixed(s.at)} s in`).join(', ')}). ` +
    `Customer login p99 during the pass ${fixed(loginDuring.p99)} ms at ${fixed(loginDuring.rps, 1)}/s, without ${fixed(loginWithout.p99)} ms at ${fixed(loginWithout.rps, 1)}/s: ` +
    `${fixed(loginDuring.p99 / loginWithout.p99, 2)}x (target <= 1.5), ${loginDuring.errors + loginWithout.errors} errors. Removed: ${Object.entries(
      removed,
    )
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n.toLocaleString('en')}`)
      .join(', ')}.`
  );
}

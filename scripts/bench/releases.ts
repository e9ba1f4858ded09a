// `npm run bench -- --releases`: the same build on this process's Node and on the current LTS (from
// the npm registry, as the LTS test stages get it), each on a database of its own with the same
// accounts, measured side by side in interleaved rounds: the sign-ins, the bare route and the token
// routes, and the plain Next.js app (bench/plain-next/) on each release, so that the token routes'
// share of what the framework allows is known on each.
import { PASSWORDS, seedAccounts, withContainer } from '../../test/support/accounts';
import { startApp, type AppRuntime, type RunningApp } from '../../test/support/app-process';
import { createTestDatabase, type TestDatabase } from '../../test/support/databases';
import { post } from '../../test/support/http';
import { CURRENT_LTS, prepareRelease } from '../lts/prepare';
import { runLoad, summarize, type LoadSpec, type Measurement, type Sample } from './load';
import type { BenchOptions } from './options';
import { fixed } from './report';
import { buildPlainNext, startPlainNext, type PlainNext } from './plain-next';
import { BENCH_LIMITS, BENCH_ROUTE_HEADERS, BENCH_ROUTES_ENV, closeSides } from './setup';

interface Side {
  version: string;
  db: TestDatabase;
  app: RunningApp;
  /** The plain Next.js app on the same release. */
  plain: PlainNext;
  /** The e-mails that sign in (the employee and the customer) and their access tokens. */
  logins: { vendor: string; customer: string };
  tokens: { vendor: string; customer: string };
}

export interface ReleaseRow {
  label: string;
  /** By side: this process's release first, the LTS second. */
  sides: [Measurement, Measurement];
}

export interface ReleasesResult {
  versions: [string, string];
  rows: ReleaseRow[];
}

const PLAIN = 'plain Next.js route handler';

async function accessToken(
  app: RunningApp,
  role: 'vendor' | 'customer',
  email: string,
  password: string,
): Promise<string> {
  const answer = await post(app.url, `/api/v1/auth/${role}/login`, { email, password });
  if (answer.status !== 200)
    throw new Error(`releases bench: ${role} login answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return String((answer.body as { access_token: string }).access_token);
}

async function prepareSide(version: string, runtime: AppRuntime | undefined, o: BenchOptions): Promise<Side> {
  const db = await createTestDatabase(o.databaseUrl ? 'postgresql' : 'sqlite', o.databaseUrl);
  const seed = await seedAccounts(db, 'bench');
  const cost = { BCRYPT_ROUNDS: String(o.cost) };
  await withContainer(
    db,
    async (c) => {
      await c.auth.operator.resetPassword('vendor', seed.employee.email, PASSWORDS.employee);
      await c.auth.operator.resetPassword('customer', seed.customer.email, PASSWORDS.customer);
    },
    cost,
  );
  const env = { ...cost, ...BENCH_LIMITS, ...BENCH_ROUTES_ENV, NEXT_DIST_DIR: o.distDir, LOG_LEVEL: 'warn' };
  const [app, plain] = await Promise.all([
    startApp(db, env, undefined, [], [], runtime),
    startPlainNext(runtime?.node),
  ]);
  const tokens = {
    vendor: await accessToken(app, 'vendor', seed.employee.email, PASSWORDS.employee),
    customer: await accessToken(app, 'customer', seed.customer.email, PASSWORDS.customer),
  };
  return { version, db, app, plain, tokens, logins: { vendor: seed.employee.email, customer: seed.customer.email } };
}

export async function runReleasesBench(o: BenchOptions, say: (m: string) => void): Promise<ReleasesResult> {
  const release = prepareRelease(CURRENT_LTS);
  say(`Node ${process.versions.node} beside Node ${release.version} (mirror ${release.root})`);
  const sides: Side[] = [];
  buildPlainNext();
  try {
    sides.push(await prepareSide(process.versions.node, undefined, o));
    sides.push(await prepareSide(release.version, { node: release.node, root: release.root }, o));
    const c = o.connections;
    const specs: { label: string; spec: (s: Side) => LoadSpec; plain?: true }[] = [
      { label: PLAIN, spec: () => ({ path: '/noop', connections: c }), plain: true },
      {
        label: 'login',
        spec: (s) => ({
          method: 'POST',
          path: '/api/v1/auth/vendor/login',
          body: { email: s.logins.vendor, password: PASSWORDS.employee },
          connections: c,
        }),
      },
      {
        label: 'customer login',
        spec: (s) => ({
          method: 'POST',
          path: '/api/v1/auth/customer/login',
          body: { email: s.logins.customer, password: PASSWORDS.customer },
          connections: c,
        }),
      },
      {
        label: 'bare route handler',
        spec: () => ({ path: '/api/v1/bench/noop', headers: BENCH_ROUTE_HEADERS, connections: c }),
      },
      {
        label: 'me',
        spec: (s) => ({
          path: '/api/v1/auth/vendor/me',
          headers: { authorization: `Bearer ${s.tokens.vendor}` },
          connections: c,
        }),
      },
      {
        label: 'customer me',
        spec: (s) => ({
          path: '/api/v1/auth/customer/me',
          headers: { authorization: `Bearer ${s.tokens.customer}` },
          connections: c,
        }),
      },
      {
        label: 'context',
        spec: (s) => ({
          path: '/api/v1/auth/vendor/context',
          headers: { authorization: `Bearer ${s.tokens.vendor}` },
          connections: c,
        }),
      },
    ];
    const target = (row: (typeof specs)[number], side: Side) =>
      row.plain ? side.plain : { url: side.app.url, pid: side.app.process.pid };
    // Every row once unrecorded first, as the main run does, so that no app is measured cold.
    for (const row of specs)
      for (const side of o.warmup > 0 ? sides : []) await runLoad(target(row, side).url, row.spec(side), o.warmup);
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < o.rounds; round++) {
      for (const row of specs) {
        for (const [i, side] of round % 2 === 0 ? sides.entries() : [...sides.entries()].reverse()) {
          const key = `${row.label}/${i}`;
          samples.set(key, [
            ...(samples.get(key) ?? []),
            await runLoad(target(row, side).url, row.spec(side), o.duration / o.rounds, target(row, side).pid),
          ]);
        }
      }
      say(`releases round ${round + 1} of ${o.rounds} done`);
    }
    const of = (label: string, i: number) => summarize(samples.get(`${label}/${i}`) ?? []);
    return {
      versions: [sides[0]!.version, sides[1]!.version],
      rows: specs.map((r) => ({ label: r.label, sides: [of(r.label, 0), of(r.label, 1)] })),
    };
  } finally {
    await Promise.all(sides.map((side) => side.plain.stop()));
    await closeSides(sides);
  }
}

export function releasesMarkdown(result: ReleasesResult, command: string, dialect: string): string {
  const [a, b] = result.versions;
  const rps = (n: number) => fixed(n, n < 100 ? 1 : 0);
  return (
    [
      `Command: \`${command}\` on ${dialect}, ${new Date().toISOString().slice(0, 16)}Z: the same build on Node ${a} and Node ${b}, side by side in interleaved rounds.`,
      '',
      `| Row | Node ${a} req/s | Node ${b} req/s | ${b.split('.')[0]} / ${a.split('.')[0]} | p99 ms (${a.split('.')[0]}) | p99 ms (${b.split('.')[0]}) | errors |`,
      '|---|---:|---:|---:|---:|---:|---:|',
      ...result.rows.map(
        ({ label, sides: [x, y] }) =>
          `| ${label} | ${rps(x.rps)} | ${rps(y.rps)} | ${fixed(y.rps / x.rps, 2)} | ${fixed(x.p99)} | ${fixed(y.p99)} | ${x.errors + y.errors} |`,
      ),
      '',
      `Of the plain Next.js route handler on the same release (target >= 0.9): ${ofPlain(result)}.`,
    ].join('\n') + '\n'
  );
}

/** Each token route's rate as a share of the plain handler's on the same release. */
function ofPlain({ versions, rows }: ReleasesResult): string {
  const plain = rows.find((row) => row.label === PLAIN);
  if (!plain) return 'not measured';
  return rows
    .filter((row) => ['bare route handler', 'me', 'customer me', 'context'].includes(row.label))
    .map(
      (row) =>
        `${row.label} ${row.sides.map((side, i) => `${fixed(side.rps / plain.sides[i]!.rps, 2)} (${versions[i]!.split('.')[0]})`).join(', ')}`,
    )
    .join('; ');
}

// The results table, the targets checked against it, and the files written under bench/results/.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RevocationResult } from './revocation';
import type { LoopDelays, Row, RowKey } from './scenarios';
import type { KitBench } from './guard-kit';
import type { TillBench } from './approvals';
import type { AppsBench } from './apps';
import type { WebhookBench } from './webhooks';

export interface RunInfo {
  command: string;
  dialect: 'sqlite' | 'postgresql';
  cost: number;
  duration: number;
  rounds: number;
  connections: number;
  smoke: boolean;
}

/** What the bench measures beside the load rows. */
export interface Extras {
  revocation: RevocationResult;
  /** The measured instance's peak resident memory after the load rows, MiB. */
  rssMiB: number;
  /** The app's own event-loop delay during the idle probe and the storm. */
  loopDelays: LoopDelays;
  cacheSize: string;
  webhooks: WebhookBench;
  kit: KitBench;
  till: TillBench;
  apps: AppsBench;
}

export interface Target {
  name: string;
  value: number;
  goal: string;
  met: boolean;
  /** False in a smoke run, and where the target is set for the other dialect only (shown, not judged). */
  applies: boolean;
  /** A speed target (a smoke run does not judge it), or one on errors (judged in every run). */
  speed: boolean;
}

export const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
/** Which ceiling a row is a fraction of. */
const BASE: Partial<Record<RowKey, RowKey>> = {
  floor: 'bcrypt',
  login: 'bcrypt',
  customer_login: 'bcrypt',
  storm_login: 'bcrypt',
  noop: 'plain',
  me: 'noop',
  customer_me: 'noop',
  context: 'noop',
  refresh: 'noop',
  step1: 'noop',
};
/** Rows also shown as a fraction of the plain Next.js app's route handler: what the framework allows. */
const OF_PLAIN = new Set<RowKey>(['me', 'customer_me', 'context', 'refresh']);

export function checkTargets(rows: Row[], info: RunInfo, extra: Extras): Target[] {
  const get = (key: RowKey) => rows.find((r) => r.key === key);
  const ratio = (key: RowKey, base = BASE[key] ?? key) => (get(key)?.rps ?? NaN) / (get(base)?.rps ?? NaN);
  const atLeast = (name: string, value: number, goal: number, applies = true): Target => ({
    name,
    value,
    goal: `>= ${goal}`,
    met: value >= goal,
    applies,
    speed: true,
  });
  const stormP99 = get('storm_context')?.p99 ?? NaN;
  const { apps } = extra;
  const errors =
    rows.reduce((sum, r) => sum + r.errors, 0) +
    extra.revocation.rows.reduce((sum, r) => sum + r.errors, 0) +
    apps.ownRefresh.errors +
    apps.appRefresh.errors +
    apps.codeExchange.errors;
  const limited = rows.reduce((sum, r) => sum + r.rateLimited, 0);
  const below = (name: string, value: number, goal: number, speed = true): Target => ({
    name,
    value,
    goal: `< ${goal}`,
    met: value < goal,
    applies: true,
    speed,
  });
  const { revocation } = extra;
  const postgres = info.dialect === 'postgresql';
  const targets: Target[] = [
    atLeast('login / bcrypt ceiling', ratio('login'), 0.9),
    atLeast('login / sign-in floor', ratio('login', 'floor'), 0.95),
    atLeast('bare route / plain Next.js route handler', ratio('noop'), 0.9),
    atLeast('me / plain Next.js route handler', ratio('me', 'plain'), 0.9),
    atLeast('context / plain Next.js route handler', ratio('context', 'plain'), 0.9),
    atLeast('me / bare route', ratio('me'), 0.8),
    atLeast('context / bare route', ratio('context'), 0.8),
    atLeast(`refresh / bare route (${postgres ? 'PostgreSQL' : 'SQLite'})`, ratio('refresh'), postgres ? 0.45 : 0.35),
    below('context p99 during login storm, ms', stormP99, 25),
    ...revocation.rows.map((r) => below(`revocation max, ${r.label}, ms`, r.max, 1000, false)),
    {
      name: 'revocation: refused on the next request of the instance that disabled',
      value: revocation.nextRequestRefused,
      goal: `${revocation.nextRequestTrials} of ${revocation.nextRequestTrials}`,
      met: revocation.nextRequestRefused === revocation.nextRequestTrials,
      applies: true,
      speed: false,
    },
    below('app peak RSS, MiB', extra.rssMiB, 500),
    atLeast('guard kit in feed mode / bare JWT verification', extra.kit.feed.perSecond / extra.kit.bare.perSecond, 0.9),
    atLeast(
      'approval (ask, approve, verifyApproval) / PIN sign-in',
      extra.till.approval.perSecond / extra.till.pinSignIn.perSecond,
      0.9,
    ),
    atLeast("app's refresh (/oauth/token) / the service's own refresh", apps.appRefresh.rps / apps.ownRefresh.rps, 0.9),
    atLeast('guard kit on an app token / bare JWT verification', apps.kit.perSecond / apps.bare.perSecond, 0.9),
    {
      name: 'guard kit: calls to the auth service per verification, feed mode',
      value: extra.kit.feed.requestsToAuth + apps.kit.requestsToAuth,
      goal: '0',
      met: extra.kit.feed.requestsToAuth + apps.kit.requestsToAuth === 0,
      applies: true,
      speed: false,
    },
    { name: 'errors, all rows', value: errors, goal: '0', met: errors === 0, applies: true, speed: false },
    { name: '429 answers, all rows', value: limited, goal: '0', met: limited === 0, applies: true, speed: false },
  ];
  // One second per row at cost 4 checks that everything answers, not how fast.
  return info.smoke ? targets.map((t) => ({ ...t, applies: t.applies && !t.speed })) : targets;
}

/** Ratios to three places; times, memory and counts whole, a time under 10 ms to one place. */
const targetDigits = (t: Target) =>
  t.goal.startsWith('>= 0.') ? 3 : Number.isInteger(t.value) || t.value >= 10 ? 0 : 1;

function verdict(t: Target, info: RunInfo): string {
  if (!t.applies) return info.smoke ? 'not judged in a smoke run' : 'not this dialect';
  return t.met ? 'met' : '**missed**';
}

function ratioCell(row: Row, rows: Row[]): string {
  if (row.key === 'probe_idle' || row.key === 'storm_start' || row.key === 'storm_context') return 'fixed rate';
  const base = rows.find((r) => r.key === (BASE[row.key] ?? row.key));
  const plain = rows.find((r) => r.key === 'plain');
  const name = { bcrypt: 'bcrypt', plain: 'plain' }[base?.key as string] ?? 'bare';
  const ofPlain = OF_PLAIN.has(row.key) && plain ? `; ${fixed(row.rps / plain.rps, 2)} of plain` : '';
  return base ? `${fixed(row.rps / base.rps, 2)} of ${name}${ofPlain}` : '-';
}

/** Where a login's gap to the ceiling lies: the framework's floor, and the service's work on top of it. */
function floorSentence(rows: Row[]): string {
  const rps = (key: RowKey) => rows.find((r) => r.key === key)?.rps ?? NaN;
  return (
    `Sign-in floor: ${fixed(rps('floor') / rps('bcrypt'), 2)} of the bcrypt ceiling is what a route handler that reads a body and makes the one comparison reaches; ` +
    `login reaches ${fixed(rps('login') / rps('floor'), 2)} of that floor, the rest of its gap being the service's own work (the limits, the account, the new session).`
  );
}

/**
 * Per-request CPU of the routes a deployment is sized by: what one core of the app serves, what the database server
 * needs.
 */
function sizingLines(rows: Row[], extra: Extras): string[] {
  const sized: [string, { cpuMs: number; databaseCpuMs: number } | undefined][] = [
    ['sign-in (login)', rows.find((r) => r.key === 'login')],
    ['refresh', rows.find((r) => r.key === 'refresh')],
    ['session check (me)', rows.find((r) => r.key === 'me')],
    ['introspection', extra.kit.introspection],
  ];
  return [
    '| Sizing | app CPU ms/req | app req/s per core | database CPU ms/req | database cores per 100 req/s |',
    '|---|---:|---:|---:|---:|',
    ...sized.map(([label, m]) => {
      const app = m?.cpuMs ?? NaN;
      const database = m?.databaseCpuMs ?? NaN;
      return `| ${label} | ${fixed(app, 2)} | ${fixed(1000 / app, app > 100 ? 1 : 0)} | ${fixed(database, 2)} | ${fixed(database / 10, 3)} |`;
    }),
    '',
    "Per core: 1,000 ms over the app process's CPU per answer (all its threads: at the run's bcrypt cost for the sign-in). Database: the CPU of the PostgreSQL backends connected to the bench's database (both instances' pools) per answer; '-' on SQLite, which runs in the app.",
  ];
}

export function markdownReport(rows: Row[], targets: Target[], info: RunInfo, extra: Extras): string {
  const { apps } = extra;
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    `Command: \`${info.command}\` on ${info.dialect === 'sqlite' ? 'SQLite (embedded)' : 'PostgreSQL'}, ${new Date().toISOString().slice(0, 16)}Z.`,
    `Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end. bcrypt cost ${info.cost}; ` +
      `${info.duration} s per row in ${info.rounds} interleaved round(s) (${2 * info.rounds} for login and the ceiling); ${info.connections} connections per saturating row; ` +
      'login limits raised out of the way (step 1 keeps its defaults, which never change its answer).',
    '',
    '| Row | req/s | p50 ms | p99 ms | errors | ratio | app CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const rps = r.rps < 100 ? fixed(r.rps, 1) : fixed(r.rps);
      const ms = (n: number) => fixed(n, n < 10 ? 1 : 0);
      return `| ${r.label} | ${rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${ratioCell(r, rows)} | ${fixed(r.cpuMs, 2)} |`;
    }),
    '',
    `| Revocation (${extra.revocation.rows[0]?.trials.length ?? 0} trials each) | median ms | max ms | errors |`,
    '|---|---:|---:|---:|',
    ...extra.revocation.rows.map((r) => `| ${r.label} | ${fixed(r.median, 1)} | ${fixed(r.max, 1)} | ${r.errors} |`),
    '',
    '| Webhooks | req/s | mean ms | requests | errors |',
    '|---|---:|---:|---:|---:|',
    ...extra.webhooks.changes.map(
      (r) => `| ${r.label} | ${fixed(r.rps, 1)} | ${fixed(r.meanMs, 1)} | ${r.requests} | ${r.errors} |`,
    ),
    `| delivery to a receiver answering at once (${extra.webhooks.delivery.queued} queued) | ${fixed(extra.webhooks.delivery.perSecond, 1)} msg/s | | ${extra.webhooks.delivery.queued} | ${extra.webhooks.delivery.errors} |`,
    '',
    '| Guard kit (another service) | per second | p99 ms | count | errors |',
    '|---|---:|---:|---:|---:|',
    `| bare JWT verification (jose, same token and key) | ${fixed(extra.kit.bare.perSecond)} | | ${extra.kit.bare.count} | 0 |`,
    `| kit in feed mode (${fixed(extra.kit.feed.perSecond / extra.kit.bare.perSecond, 2)} of bare; ${extra.kit.feed.requestsToAuth} calls to the auth service) | ${fixed(extra.kit.feed.perSecond)} | | ${extra.kit.feed.count} | 0 |`,
    `| PIN sign-in at a till | ${fixed(extra.till.pinSignIn.perSecond)} | | ${extra.till.pinSignIn.count} | 0 |`,
    `| approval at a till: ask, approve with a PIN, verifyApproval (${fixed(extra.till.approval.perSecond / extra.till.pinSignIn.perSecond, 2)} of PIN sign-in) | ${fixed(extra.till.approval.perSecond)} | | ${extra.till.approval.count} | 0 |`,
    '',
    '| Apps (an instance with an Ed25519 access-token key) | req/s | p50 ms | p99 ms | errors | app CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|',
    ...(
      [
        ["the service's own refresh", apps.ownRefresh],
        [
          `an app's refresh at /oauth/token (${fixed(apps.appRefresh.rps / apps.ownRefresh.rps, 2)} of own)`,
          apps.appRefresh,
        ],
        ["an app's code exchange at /oauth/token", apps.codeExchange],
      ] as const
    ).map(
      ([label, m]) =>
        `| ${label} | ${fixed(m.rps)} | ${fixed(m.p50, 1)} | ${fixed(m.p99, 1)} | ${m.errors} | ${fixed(m.cpuMs, 2)} |`,
    ),
    `| bare JWT verification of an app token (jose, same token and key), per second | ${fixed(apps.bare.perSecond)} | | | 0 | |`,
    `| kit in feed mode on that token (${fixed(apps.kit.perSecond / apps.bare.perSecond, 2)} of bare), per second | ${fixed(apps.kit.perSecond)} | | | 0 | |`,
    '',
    `| introspection by a service client (HTTP, ${fixed(extra.kit.introspection.rps / (rows.find((r) => r.key === 'noop')?.rps ?? NaN), 2)} of bare route) | ${fixed(extra.kit.introspection.rps)} | ${fixed(extra.kit.introspection.p99)} | ${extra.kit.introspection.requests} | ${extra.kit.introspection.errors} |`,
    '',
    `App peak RSS after the load rows: ${fixed(extra.rssMiB)} MiB; AUTH_CACHE_SIZE ${extra.cacheSize}.`,
    '',
    `The app's event-loop delay (its /metrics, 10 ms resolution, worst round): p99 ${fixed(extra.loopDelays.idle.p99, 1)} ms, max ${fixed(extra.loopDelays.idle.max, 1)} ms ` +
      `during the idle probe; p99 ${fixed(extra.loopDelays.storm.p99, 1)} ms, max ${fixed(extra.loopDelays.storm.max, 1)} ms during the login storm. ` +
      "A probe p99 far above the loop's delay waited outside the app's event loop (for a core, or in the client).",
    '',
    floorSentence(rows),
    '',
    '| Target | measured | goal | |',
    '|---|---:|---:|---|',
    ...targets.map((t) => `| ${t.name} | ${fixed(t.value, targetDigits(t))} | ${t.goal} | ${verdict(t, info)} |`),
    '',
    ...sizingLines(rows, extra),
    '',
    "App CPU: the app process's user+system time (all threads, bcrypt workers included) per answer; other load on",
    "the machine disturbs it far less than req/s. PostgreSQL's own CPU is not in it. What each row measures:",
    '',
    ...rows.map((r) => `- ${r.label}: ${r.what}.`),
    "- webhooks: an admin disables and enables another admin, one request after another, with the one endpoint disabled (no subscriber: no message written) and enabled (a message and a delivery written in the change's transaction, then delivered), in interleaved rounds; then messages queued while the endpoint is disabled, and the time from enabling it to the last one received.",
    "- guard kit: the kit of `commerce-auth/guard` in this process, in feed mode (signature, expiry and the revocation check in memory, its feed long-polling the app), beside jose's `jwtVerify` of the same HS256 token, in interleaved rounds; then `POST /auth/introspect` of that token by a service client with HTTP Basic, under load.",
    "- till: PIN sign-ins at a paired terminal beside approvals there (a cashier's PIN session asks for a refund, the owner approves it with their PIN, and the guard kit in this process verifies and spends the token), each from four tills at once (one account's PINs in flight stay below its lock of five wrong in a row, as each attempt counts until found right), in interleaved rounds; both compare one PIN at the bench's bcrypt cost.",
    "- apps: a third instance on the same database with an Ed25519 access-token key (the authorization server signs with it). A first-party confidential app; codes got through /oauth/authorize, the interaction and its resume by browsers each signed in once as the owner (not measured). Rows: the service's own vendor refresh beside an app's refresh (grant_type=refresh_token, HTTP Basic, rotation, an RFC 9068 token for a resource) in interleaved rounds, each refresh token presented once; a fixed number of codes exchanged per round (PKCE). Then the guard kit in feed mode with its resource named, beside jose's `jwtVerify` of the same app token with the published key.",
    "- revocation: a fresh sign-in answered by the measured instance, then the account disabled by its owner on a second instance (or by `account:disable` of the CLI) while the measured instance is asked `me` every 2 ms; the time from the change reported to its maker (the HTTP answer, the CLI's output) to the first 401. Then the same disable made on the measured instance itself, and its very next `me`.",
  ];
  return lines.join('\n') + '\n';
}

/** Writes latest-<dialect>.{json,md}: one run per dialect, the newest (bench/results/README.md). */
export async function writeResults(
  dir: string,
  rows: Row[],
  targets: Target[],
  info: RunInfo,
  markdown: string,
  extra: Extras,
): Promise<string[]> {
  const json = JSON.stringify(
    {
      info,
      machine: { cores: os.availableParallelism(), node: process.version },
      rows,
      ...extra,
      targets,
      at: new Date().toISOString(),
    },
    null,
    2,
  );
  await mkdir(dir, { recursive: true });
  const base = path.join(dir, `latest-${info.dialect}`);
  await writeFile(`${base}.json`, json + '\n');
  await writeFile(`${base}.md`, markdown);
  return [`${base}.json`, `${base}.md`];
}

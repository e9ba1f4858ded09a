// `npm run cluster -- --instances 3`: N production instances on the local PostgreSQL behind
// Debian's HAProxy on one machine, as docs/deploy.md describes, for trying the set-up. Type
// `restart` and Enter for a rolling restart; Ctrl-C stops everything gracefully.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { haproxyConfig } from './cluster/haproxy-config';
import { commandLine } from '../src/server/command-line';
import { serverEntry, serverNodeFlags } from './server-flags';

const ROOT = path.resolve(import.meta.dirname, '..');
const HAPROXY = '/usr/sbin/haproxy';
const USAGE = `Usage: npm run cluster -- [--instances N] [--port P] [--stats-port P] [--first-instance-port P] [--database URL]

Starts N production instances (default 3) of the built app on one PostgreSQL database behind
Debian's HAProxy on this machine, as docs/deploy.md describes. HAProxy listens on --port (8080), its
statistics page on --stats-port (8404); the instances on --first-instance-port (3001) and up.
--database (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/commerce_auth_cluster) is
created if missing. Type \`restart\` and Enter for a rolling restart; Ctrl-C stops everything.`;
const { values: args } = commandLine(USAGE, {
  instances: { type: 'string', default: '3' },
  port: { type: 'string', default: '8080' },
  'stats-port': { type: 'string', default: '8404' },
  'first-instance-port': { type: 'string', default: '3001' },
  database: {
    type: 'string',
    default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/commerce_auth_cluster',
  },
});
const count = Number(args.instances);
if (!Number.isInteger(count) || count < 1 || count > 16)
  throw new Error('--instances must be a whole number from 1 to 16');
const ports = Array.from({ length: count }, (_, i) => Number(args['first-instance-port']) + i);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ensureHaproxy() {
  if (existsSync(HAPROXY)) return;
  console.log("HAProxy is missing: installing Debian's haproxy package");
  const apt = (...a: string[]) =>
    spawnSync('apt-get', a, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt('update', '-qq').status !== 0 || apt('install', '-y', '-qq', 'haproxy').status !== 0) {
    throw new Error('could not install haproxy: run `apt-get install -y haproxy` as root');
  }
}

/** Creates the cluster's database on the server if it does not exist yet. */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

// One set of secrets for every instance; generated for this run unless the environment has them.
const secret = () => randomBytes(48).toString('base64url');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  DATABASE_URL: args.database,
  JWT_ACCESS_SECRET: process.env.JWT_ACCESS_SECRET || secret(),
  JWT_REFRESH_SECRET: process.env.JWT_REFRESH_SECRET || secret(),
  MFA_ENCRYPTION_KEY: process.env.MFA_ENCRYPTION_KEY || secret(),
  TRUST_PROXY: '1',
  HOST: '127.0.0.1',
  // The public origin is HAProxy's front end, where the pages and passkeys are used.
  APP_URL: process.env.APP_URL || `http://127.0.0.1:${args.port}`,
  // Demo accounts on a first start, so there is someone to sign in as.
  DEMO_ACCOUNTS: process.env.DEMO_ACCOUNTS || '1',
};

const instances: ChildProcess[] = [];

function startInstance(i: number): Promise<void> {
  const child = spawn(process.execPath, [...serverNodeFlags(), serverEntry()], {
    cwd: ROOT,
    env: { ...env, PORT: String(ports[i]) } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instances[i] = child;
  const prefix = `[app${i + 1}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
  }
  return (async () => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
      if (child.exitCode !== null) throw new Error(`app${i + 1} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${ports[i]}/api/v1/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
    }
    throw new Error(`app${i + 1} did not become ready`);
  })();
}

function stopInstance(i: number): Promise<void> {
  const child = instances[i]!;
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function rollingRestart() {
  for (let i = 0; i < count; i++) {
    console.log(`rolling restart: app${i + 1}`);
    await stopInstance(i);
    await startInstance(i);
    await sleep(3000); // HAProxy's two good checks put it back before the next one goes
  }
  console.log('rolling restart done');
}

async function main() {
  if (!existsSync(path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID')))
    throw new Error('no production build: run `npm run build` first');
  ensureHaproxy();
  await ensureDatabase(args.database);
  await startInstance(0); // alone first: it applies the migrations and creates the demo accounts
  await Promise.all(ports.slice(1).map((_, i) => startInstance(i + 1)));

  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-auth-cluster-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    haproxyConfig({
      bind: `127.0.0.1:${args.port}`,
      instances: ports.map((p) => `127.0.0.1:${p}`),
      statsBind: `127.0.0.1:${args['stats-port']}`,
      log: 'stderr',
    }),
  );
  const haproxy = spawn(HAPROXY, ['-db', '-f', file], { stdio: 'inherit' });
  console.log(
    `\n${count} instance(s) behind HAProxy on http://127.0.0.1:${args.port} (statistics: http://127.0.0.1:${args['stats-port']}/stats)`,
  );
  console.log('Type `restart` and Enter for a rolling restart; Ctrl-C stops everything.\n');

  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'restart') void rollingRestart().catch((error: unknown) => console.error(error));
  });
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(ports.map((_, i) => stopInstance(i)));
    haproxy.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', () => void stopAll());
  process.on('SIGTERM', () => void stopAll());
}

main().catch((error: unknown) => {
  console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
  for (const child of instances) child?.kill('SIGTERM');
  process.exit(1);
});

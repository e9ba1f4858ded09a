// Starts the built app as a real server process on a free port, the way `npm start` does.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestDatabase } from './databases';
import { serverEntry, serverNodeFlags } from '../../scripts/server-flags';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Secrets for tests only: fixed so a test can forge tokens with the other secret. */
export const TEST_SECRETS = {
  JWT_ACCESS_SECRET: 'test-access-secret-0123456789abcdefghijklmnop',
  JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789abcdefghijklmno',
  MFA_ENCRYPTION_KEY: 'test-mfa-encryption-key-0123456789abcdefghij',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  url: string;
  port: number;
  /** Everything the process printed, stdout and stderr, in order. */
  output: string[];
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The environment of a test server; a variable given as undefined is left out. */
export function appEnv(db: TestDatabase, env: Record<string, string | undefined> = {}): Record<string, string> {
  const full: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
    // The test run's cache of V8's compiled code: an app start measured 2.75 s CPU without it, 2.3 s with.
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    ...TEST_SECRETS,
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    BCRYPT_ROUNDS: '4',
    DEMO_ACCOUNTS: '0',
    // The suite signs admins in with a password alone; the second-factor tests set their own.
    MFA_REQUIRED: '',
    LOG_LEVEL: 'info',
    // Sign-ins from many addresses and browsers would mail new-device notices among the mails a
    // test reads; the new-device tests turn them on.
    NEW_DEVICE_MAIL: '0',
    // A test server stops at once; the shutdown and rolling-restart tests set their own delay.
    SHUTDOWN_DELAY: '0',
    ...env,
  };
  return Object.fromEntries(Object.entries(full).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Which Node runs the app, from which checkout: this process's by default (the bench compares releases). */
export interface AppRuntime {
  node: string;
  root: string;
}

/** What the start script prints once its server listens: proof that this process answers on the port. */
const READY_LINE = 'commerce-auth ready on ';

/** The port was taken between `freePort` and the server's listen (another test's app got the same one). */
class PortTaken extends Error {}

/**
 * `nodeFlags` go to Node beside the start script's own (the bench's `--cpu-prof`, which Node refuses
 * in NODE_OPTIONS). Without `port`, a free one is chosen, and chosen again if another process takes
 * it before the server listens: test stages run side by side, each choosing ports of its own.
 */
export async function startApp(
  db: TestDatabase,
  env: Record<string, string | undefined> = {},
  port?: number,
  args: string[] = [],
  nodeFlags: string[] = [],
  runtime: AppRuntime = { node: process.execPath, root: ROOT },
): Promise<RunningApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(port ?? (await freePort()), db, env, args, nodeFlags, runtime);
    } catch (error) {
      if (port !== undefined || attempt === 3 || !(error instanceof PortTaken)) throw error;
    }
  }
}

async function startOn(
  port: number,
  db: TestDatabase,
  env: Record<string, string | undefined>,
  args: string[],
  nodeFlags: string[],
  runtime: AppRuntime,
): Promise<RunningApp> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(runtime.node, [...serverNodeFlags(), ...nodeFlags, serverEntry(), ...args], {
    cwd: runtime.root,
    // Production requires APP_URL: the server's own origin unless the test names another (or unsets it).
    // Loopback unless the test unsets HOST to see the script's own choice.
    env: {
      ...appEnv(db, { APP_URL: url, HOST: '127.0.0.1', ...env }),
      PORT: String(port),
    } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: on a machine running both databases' stages and the browser tests, a start has taken over a minute.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      const Failure = output.some((line) => line.includes('EADDRINUSE')) ? PortTaken : Error;
      throw new Failure(`app exited with ${child.exitCode}:\n${output.join('\n')}`);
    }
    try {
      // Another process on the same port would answer the health check too: only this one prints its ready line.
      const res = output.some((line) => line.includes(READY_LINE)) ? await fetch(`${url}/api/v1/health`) : undefined;
      if (res?.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not become healthy:\n${output.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    output,
    process: child,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Runs the server with `env` and resolves when it exits (for start-up checks that must refuse). */
export function startExpectingExit(
  db: TestDatabase,
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverNodeFlags(), serverEntry()], {
      cwd: ROOT,
      env: {
        ...appEnv(db, { APP_URL: 'http://127.0.0.1', ...env }),
        PORT: '0',
        HOST: '127.0.0.1',
      } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// The plain Next.js app under bench/plain-next/: one route handler returning the product's bare
// route's constant, built and started by the bench beside the product, so the framework's own
// floor and the product's bare route are measured on the same machine in the same run.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { freePort, ROOT } from '../../test/support/app-process';

export const PLAIN_NEXT_DIR = path.join(ROOT, 'bench', 'plain-next');
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

export interface PlainNext {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** `next build` of the plain app (about 15-40 s here), so it always matches the installed Next.js. */
export function buildPlainNext(): void {
  const result = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: PLAIN_NEXT_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the plain Next.js app did not build:\n${result.stdout}\n${result.stderr}`);
}

/** `next start` as its documentation says, with Node's defaults: no flags (but `nodeFlags`), no wrapper. */
export async function startPlainNext(node = process.execPath, nodeFlags: string[] = []): Promise<PlainNext> {
  const port = await freePort();
  const child = spawn(node, [...nodeFlags, NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: PLAIN_NEXT_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the plain Next.js app exited with ${child.exitCode}:\n${output.join('')}`);
    const answered = await fetch(`${url}/noop`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`the plain Next.js app did not answer:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

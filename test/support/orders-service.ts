// The example services (examples/orders-service, examples/store-mcp) as their own processes on a free
// port, the way an engineer of another service runs them, configured by their environment variables.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, ROOT } from './app-process';
import { request } from './http';

export interface OrdersService {
  url: string;
  output: string[];
  /** The guard kit's counters, as the service's /health shows them. */
  stats(): Promise<{
    authenticated: number;
    requests: { jwks: number; introspect: number; feed: number };
    feed?: { synced: boolean; reachable: boolean };
  }>;
  stop(): Promise<void>;
}

export const startOrdersService = (env: Record<string, string>) =>
  startExampleService('examples/orders-service/server.ts', env);

/** The example server at `script` (from the repository's root), started once it says it listens. */
export async function startExampleService(script: string, env: Record<string, string>): Promise<OrdersService> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: {
      NODE_ENV: 'production',
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start within 60 s:\n${output.join('')}`)),
      60_000,
    );
    const take = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output.join('')}`));
    });
  });
  return {
    url,
    output,
    stats: async () => (await request(url, 'GET', '/health')).body.guard,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const listOrders = (service: OrdersService, token: string) => request(service.url, 'GET', '/orders', { token });

/** Milliseconds until `service` refuses `token` as revoked; fails past `limitMs`. */
export async function refusalTime(
  service: OrdersService,
  token: string,
  limitMs: number,
  label: string,
): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await listOrders(service, token);
    const elapsed = Date.now() - start;
    if (res.status === 401) {
      assert.equal(res.body.code, 'session_revoked', `${label}: ${res.text}`);
      return elapsed;
    }
    assert.equal(res.status, 200, `${label}: ${res.text}`);
    assert.ok(elapsed < limitMs, `${label}: still accepted ${elapsed} ms after the revocation`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

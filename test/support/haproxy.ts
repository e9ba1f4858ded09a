// Runs Debian's HAProxy (`/usr/sbin/haproxy`) in front of test instances, with the configuration
// docs/deploy.md describes, and reads which instances it sends work to from its statistics page.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { haproxyConfig } from '../../scripts/cluster/haproxy-config';
import { freePort } from './app-process';

export const HAPROXY_PATH = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
export const haproxyInstalled = () => existsSync(HAPROXY_PATH);

export interface RunningHaproxy {
  url: string;
  /** What HAProxy printed: instances going up and down, warnings. */
  output: string[];
  /** Each server's status as HAProxy sees it: `UP`, `DOWN`, `UP 1/2`... */
  statuses(): Promise<Record<string, string>>;
  /** Resolves once HAProxy sends work to exactly the servers in `up`, e.g. `['app1', 'app2']`. */
  waitUntilUp(up: string[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startHaproxy(instances: string[], checkIntervalMs = 300): Promise<RunningHaproxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'commerce-auth-haproxy-'));
  const [port, statsPort] = [await freePort(), await freePort()];
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(
    file,
    haproxyConfig({
      bind: `127.0.0.1:${port}`,
      instances,
      statsBind: `127.0.0.1:${statsPort}`,
      checkIntervalMs,
      log: 'stderr',
    }),
  );
  const child = spawn(HAPROXY_PATH, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  async function statuses(): Promise<Record<string, string>> {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv
      .trim()
      .split('\n')
      .map((line) => line.replace(/^# /, '').split(','));
    const at = (name: string) => header!.indexOf(name);
    return Object.fromEntries(
      rows
        .filter((r) => r[at('pxname')] === 'instances' && r[at('svname')]!.startsWith('app'))
        .map((r) => [r[at('svname')], r[at('status')]]),
    );
  }

  const running: RunningHaproxy = {
    url: `http://127.0.0.1:${port}`,
    output,
    statuses,
    async waitUntilUp(up, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output.join('')}`);
        const now: Record<string, string> = await statuses().catch(() => ({}));
        const names = Object.keys(now);
        if (names.length > 0 && names.every((n) => (now[n] === 'UP') === up.includes(n))) return;
        if (Date.now() > deadline)
          throw new Error(
            `haproxy servers are ${JSON.stringify(now)}, wanted up: ${up.join(', ')}\n${output.join('')}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
  return running;
}

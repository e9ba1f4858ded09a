// What the test run runs: its stages, each file of a stage as one job, on which Node release and
// database, and in which order (the longest known first).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eReport } from '../../playwright.config';
import type { NodeRelease } from '../lts/prepare';
import { nodeTestCounts, type Job } from './jobs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Integration files whose subject does not depend on the database's dialect: the HTTP surface
 * (headers, routes, the API description), the clients, tokens and keys, configuration, the process's
 * life, and the operator CLI (its commands call the service functions whose statements the route
 * files run on both). They run on SQLite only; every other file runs on both databases.
 */
export const DIALECT_FREE = new Set([
  'access-token-keys',
  'admin-guards',
  'bench-routes',
  'browsers',
  'client-example',
  'client-refresh',
  'client-routes',
  'code-problems',
  'customer-page-sign-in',
  'explicit-development',
  'graceful-shutdown',
  'long-passwords',
  'oauth-off',
  'metrics',
  'openapi',
  'openapi-client',
  'openapi-lint',
  'packages',
  'operator-cli',
  'operator-development',
  'operator-scripts',
  'orders-service',
  'passkey-page-sign-in',
  'passkeys-at-an-ip-address',
  'password-reset-config',
  'refresh-cookie',
  'route-table',
  'secret-rotation',
  'static-file-methods',
  'terminal-client',
  'trpc-batching',
  'webhook-addresses',
]);

/** Seconds per job from an earlier run (`npm test` writes it), to start the longest first. */
export const DURATIONS_FILE = path.join(ROOT, 'test', 'recorded-durations.json');

export function knownDurations(): Record<string, number> {
  return existsSync(DURATIONS_FILE) ? (JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>) : {};
}

export const jobKey = (job: Pick<Job, 'stage' | 'name'>) => `${job.stage} ${job.name}`;

/**
 * The longest known first (a file not timed on its own stage counts as long as on another's);
 * unknown ones after the known, in their given order.
 */
export function longestFirst(jobs: Job[], durations: Record<string, number>): Job[] {
  const elsewhere = (job: Job) => Object.entries(durations).find(([key]) => key.endsWith(` ${job.name}`))?.[1];
  return jobs
    .map((job, index) => ({ job, index, seconds: durations[jobKey(job)] ?? elsewhere(job) ?? -1 }))
    .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
    .map(({ job }) => job);
}

export function testFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Where a release's jobs run: its own mirror of the checkout, its Node first on PATH for every process the tests start.
 */
function on(release: NodeRelease | undefined): { node: string; cwd: string; env: Record<string, string> } {
  return release
    ? {
        node: release.node,
        cwd: release.root,
        env: { PATH: `${path.dirname(release.node)}:${process.env.PATH ?? ''}` },
      }
    : { node: process.execPath, cwd: ROOT, env: {} };
}

/**
 * Node's test runner on `files` in one process tree. Integration files may leave a server's handles
 * behind, so their runs end by force; unit files leave none, and on Node 26 the force cut some
 * files' reports short.
 */
export function nodeTestJob(
  stage: string,
  name: string,
  files: string[],
  env: Record<string, string>,
  release?: NodeRelease,
): Job {
  const where = on(release);
  const forceExit = stage.includes('integration') ? ['--test-force-exit'] : [];
  return {
    stage,
    name,
    cmd: where.node,
    args: ['--import', 'tsx', '--test', '--test-timeout=600000', ...forceExit, '--test-reporter=spec', ...files],
    env: { ...env, ...where.env },
    cwd: where.cwd,
    count: nodeTestCounts,
  };
}

/** Each integration file as a job of its own. */
export function integrationJobs(
  stage: string,
  files: string[],
  env: Record<string, string>,
  release?: NodeRelease,
): Job[] {
  return files.map((file) => nodeTestJob(stage, path.basename(file, '.test.ts'), [file], env, release));
}

/** What the run reads of Playwright's JSON report. */
interface PlaywrightSuite {
  specs?: { title: string; file: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  suites?: PlaywrightSuite[];
}

/** The specs of the report that failed (a retry that passed is flaky, not failed), by file and title. */
function unexpectedSpecs(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'unexpected'))
      .map((spec) => `${spec.file}: ${spec.title}`),
    ...unexpectedSpecs(suite.suites ?? []),
  ]);
}

/** The browser tests in `shards` parts, each with one Playwright worker, its own app and its own report. */
export function browserJobs(shards: number): Job[] {
  return Array.from({ length: shards }, (_, i) => {
    const output = `test-results/e2e-${i + 1}`;
    return {
      stage: 'e2e',
      name: `shard ${i + 1}/${shards}`,
      cmd: 'npx',
      args: ['playwright', 'test', `--shard=${i + 1}/${shards}`],
      env: { E2E_OUTPUT: output, E2E_WORKERS: '1' },
      cwd: ROOT,
      // Its CPU seconds were a quarter to a third of its wall seconds in the runs measured.
      share: 0.4,
      count() {
        const file = path.join(ROOT, e2eReport(output));
        const json = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport) : undefined;
        const stats = json?.stats;
        return {
          passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
          failed: stats?.unexpected ?? 0,
          skipped: stats?.skipped ?? 0,
          failedTests: unexpectedSpecs(json?.suites ?? []),
        };
      },
    };
  });
}

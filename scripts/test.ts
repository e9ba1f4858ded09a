// `npm test`: unit tests, a production build, HTTP integration tests on SQLite and on PostgreSQL,
// then the browser tests beside the unit and SQLite integration tests again on the current Node LTS;
// ends with one `N passed, N failed` line over every stage.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E_JSON_REPORT } from '../playwright.config';
import { DEFAULT_BASE_URL } from './db/postgres-scratch';
import { CURRENT_LTS, PREPARED, type NodeRelease } from './lts/prepare';

const ROOT = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2); // e.g. `npm test -- unit integration:sqlite`
const wanted = (stage: string) => only.length === 0 || only.some((o) => stage === o || stage.startsWith(`${o}:`));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const failedTests: string[] = [];

function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}

function run(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
  return res.status ?? 1;
}

/**
 * Runs a command, echoing its output line by line under `label` (stages run side by side) while
 * keeping a copy to read the runner's summary from.
 */
function runTee(label: string, cmd: string, args: string[], env: Record<string, string>, cwd = ROOT): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
    let output = '';
    let partial = { stdout: '', stderr: '' };
    const echo = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stream === 'stdout') output += text;
      const lines = (partial[stream] + text).split('\n');
      partial = { ...partial, [stream]: lines.pop() ?? '' };
      for (const line of lines) process[stream].write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', echo('stdout'));
    child.stderr.on('data', echo('stderr'));
    child.on('close', (code) => {
      for (const stream of ['stdout', 'stderr'] as const) if (partial[stream]) process[stream].write(`[${label}] ${partial[stream]}\n`);
      resolve({ status: code ?? 1, output });
    });
  });
}

// The counts come from the spec reporter's closing lines on stdout: a report file written by a
// second reporter can be cut short when --test-force-exit ends the run.
async function nodeTests(stage: string, testFiles: string[], env: Record<string, string> = {}, release?: NodeRelease) {
  if (!wanted(stage) || testFiles.length === 0) return;
  console.log(`\n=== ${stage}: ${testFiles.length} file(s)${release ? ` on Node ${release.version}` : ''}`);
  const started = Date.now();
  // Another release runs in its own mirror of the checkout, first on PATH for every process the tests start.
  const releaseEnv: Record<string, string> = release ? { PATH: `${path.dirname(release.node)}:${process.env.PATH ?? ''}` } : {};
  // Integration files may leave a server's handles behind, so their runs end by force. Unit files
  // leave none, and on Node 26 the force cut some files' reports short: 211-215 of 217 unit tests
  // were counted, the rest silently lost.
  const forceExit = stage.includes('integration') ? ['--test-force-exit'] : [];
  const { status, output } = await runTee(stage, release?.node ?? process.execPath, [
    '--import', 'tsx', '--test', '--test-timeout=600000', ...forceExit, '--test-reporter=spec',
    ...testFiles,
  ], { ...env, ...releaseEnv }, release?.root);
  console.log(`=== ${stage} took ${Math.round((Date.now() - started) / 1000)} s`);
  const count = (name: string) => Number([...output.matchAll(new RegExp(`^ℹ ${name} (\\d+)$`, 'gm'))].pop()?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += count('skipped') + count('todo');
  if (status !== 0 || failed > 0) failures.push(`${stage} (exit ${status}, ${failed} failed)`);
  if (status !== 0 && failed === 0) totals.failed += 1; // a crash outside any test still fails the run
  failedTests.push(...failingTestNames(output).map((name) => `${stage}: ${name}`));
}

/**
 * The names the spec reporter lists under `✖ failing tests:` at the end of its output, so that the
 * run's last lines say which tests failed, not only how many.
 */
function failingTestNames(output: string): string[] {
  const section = output.lastIndexOf('✖ failing tests:');
  if (section < 0) return [];
  return output.slice(section).split('\n').slice(1)
    .map((line) => /^✖ (.+) \([\d.]+m?s\)$/.exec(line.trim())?.[1])
    .filter((name): name is string => name !== undefined);
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
    ...(suite.specs ?? []).filter((spec) => spec.tests.some((t) => t.status === 'unexpected')).map((spec) => `${spec.file}: ${spec.title}`),
    ...unexpectedSpecs(suite.suites ?? []),
  ]);
}

/** The browser tests (Playwright), counted from its JSON report. */
async function browserTests() {
  if (!wanted('e2e')) return;
  console.log('\n=== e2e: Playwright against the built app');
  const started = Date.now();
  const report = path.join(ROOT, E2E_JSON_REPORT);
  rmSync(report, { force: true });
  const { status } = await runTee('e2e', 'npx', ['playwright', 'test'], {});
  console.log(`=== e2e took ${Math.round((Date.now() - started) / 1000)} s`);
  const json = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport) : undefined;
  const stats = json?.stats;
  const failed = stats?.unexpected ?? 0;
  failedTests.push(...unexpectedSpecs(json?.suites ?? []).map((name) => `e2e: ${name}`));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += failed;
  totals.skipped += stats?.skipped ?? 0;
  if (status !== 0 || failed > 0) failures.push(`e2e (exit ${status}, ${failed} failed)`);
  if (status !== 0 && failed === 0) totals.failed += 1; // a crash outside any test still fails the run
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresTests() {
  if (!wanted('integration:postgresql')) return;
  const pgUrl = process.env.TEST_DATABASE_URL || DEFAULT_BASE_URL;
  if (await postgresAnswers(pgUrl)) {
    await nodeTests('integration:postgresql', files('test/integration'), { TEST_DB: 'postgresql', TEST_DATABASE_URL: pgUrl });
  } else if (process.env.CI) {
    failures.push('integration:postgresql (no PostgreSQL answers; CI requires it)');
    totals.failed += 1;
  } else {
    console.log('\n=== integration:postgresql skipped: no PostgreSQL answers at TEST_DATABASE_URL');
  }
}

/**
 * The current Node LTS, prepared once for its stages (the build is shared) in a child process, beside
 * the stages that run meanwhile; undefined when it cannot be.
 */
let lts: Promise<NodeRelease | undefined> | undefined;
function ltsRelease(): Promise<NodeRelease | undefined> {
  lts ??= runTee('lts', process.execPath, ['--import', 'tsx', 'scripts/lts/prepare.ts', String(CURRENT_LTS)], {}).then(({ status, output }) => {
    const prepared = output.split('\n').find((line) => line.startsWith(PREPARED));
    if (status === 0 && prepared) return JSON.parse(prepared.slice(PREPARED.length)) as NodeRelease;
    failures.push(`lts (Node ${CURRENT_LTS} could not be prepared: exit ${status})`);
    totals.failed += 1;
    return undefined;
  });
  return lts;
}

/** One stage again on the current Node LTS. */
async function ltsTests(stage: 'lts:unit' | 'lts:integration:sqlite') {
  if (!wanted(stage)) return;
  const release = await ltsRelease();
  if (!release) return;
  if (stage === 'lts:unit') await nodeTests(stage, files('test/unit'), {}, release);
  else await nodeTests(stage, files('test/integration'), { TEST_DB: 'sqlite' }, release);
}

async function main() {
  await nodeTests('unit', files('test/unit'));

  const needsBuild = ['integration:sqlite', 'integration:postgresql', 'lts:integration:sqlite', 'e2e'].some(wanted) && process.env.SKIP_BUILD !== '1';
  if (needsBuild && run('npm', ['run', '-s', 'build']) !== 0) {
    failures.push('build');
    totals.failed += 1;
  } else {
    // Two lanes side by side: a file spends much of its time waiting on its own app, so two of
    // them share the cores well; each file has its own database and ports. Each lane goes on to
    // its next stage as soon as its own is done: SQLite, then SQLite again on the LTS release
    // (prepared meanwhile; it mirrors the build, so after it); PostgreSQL, then the browser tests.
    if (['lts:integration:sqlite', 'lts:unit'].some(wanted)) void ltsRelease();
    await Promise.all([
      nodeTests('integration:sqlite', files('test/integration'), { TEST_DB: 'sqlite' }).then(() => ltsTests('lts:integration:sqlite')),
      postgresTests().then(browserTests),
    ]);
  }
  // The unit tests on the LTS release last and alone, since some of them time work against a block.
  await ltsTests('lts:unit');

  for (const name of failedTests) console.log(`failed: ${name}`);
  console.log(`\n${failures.length ? `Failed stages: ${failures.join(', ')}` : 'All stages passed.'}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(failures.length ? 1 : 0);
}

void main();

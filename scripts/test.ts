// `npm test`: a production build, then the unit tests, every integration file on SQLite and the
// dialect's own files on PostgreSQL (on a second supported Node release), side by side with the
// browser tests in shards and the unit tests again on the second release, the longest first.
// Prints each stage's time and the slowest jobs, and ends with one `N passed, N failed` line.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_BASE_URL } from './db/postgres-scratch';
import { PREPARED, type NodeRelease } from './lts/prepare';
import { createTemplates } from '../test/support/database-templates';
import { runPool, type Job, type JobResult } from './test-run/jobs';
import {
  browserJobs,
  DIALECT_FREE,
  DURATIONS_FILE,
  integrationJobs,
  jobKey,
  knownDurations,
  longestFirst,
  nodeTestJob,
  ROOT,
  testFiles,
} from './test-run/plan';
import { idleShare } from './test-run/spare-cores';
import { runTee } from './test-run/tee';
import { printSummary } from './test-run/summary';

const args = process.argv.slice(2);
const recordDurations = args.includes('--record-durations');
// e.g. `npm test -- unit integration:sqlite` (stages), `npm test -- integration:postgresql:webhooks` (one file's job)
const only = args.filter((a) => !a.startsWith('--'));
const covers = (o: string, stage: string) => stage === o || stage.startsWith(`${o}:`);
const wanted = (stage: string) => only.length === 0 || only.some((o) => covers(o, stage) || o.startsWith(`${stage}:`));
const jobWanted = (job: Job) =>
  only.length === 0 || only.some((o) => covers(o, job.stage) || o === `${job.stage}:${job.name}`);
/**
 * Jobs side by side (TEST_JOBS for other machines). Three on these 2-core machines: two left a
 * quarter of the cores idle, the jobs' CPU seconds summing to three quarters of twice the run's
 * length, since a job also waits (on the browser, timers, PostgreSQL); the third fills that.
 */
const SLOTS = Number(process.env.TEST_JOBS) || 3;
/**
 * Up to TEST_JOBS_MAX at once (two more by default) while a third of the CPU went unused over the
 * last five seconds: the browser shards and the files that wait on timers leave it so.
 */
const MAX_SLOTS = Number(process.env.TEST_JOBS_MAX) || SLOTS + 2;
const SPARE_IDLE_SHARE = 1 / 3;
// Every Node process of the run (test files, the apps they start, the CLI) keeps V8's compiled code
// of the modules it loads here and reuses it: each of about 150 app starts loads the same bundle.
process.env.NODE_COMPILE_CACHE ||= path.join(ROOT, '.cache', 'node-compile');
const E2E_SHARDS = Number(process.env.E2E_SHARDS) || 3;
/** The second supported release the run also covers: the active LTS, or 22 when this already is it. */
const ACTIVE_LTS = 26;
const currentMajor = Number(process.versions.node.split('.')[0]);
const SECOND_RELEASE = currentMajor === ACTIVE_LTS ? 22 : ACTIVE_LTS;

const results: JobResult[] = [];
const problems: string[] = [];

function report(result: JobResult) {
  results.push(result);
  const ok = result.status === 0 && result.failed === 0;
  const line = `${ok ? '✔' : '✖'} ${result.job.stage} ${result.job.name}: ${result.passed} passed, ${result.failed} failed (${Math.round(result.wallSeconds)} s, ${Math.round(result.cpuSeconds)} s CPU)`;
  if (!ok)
    console.log(
      result.output
        .split('\n')
        .map((l) => `[${result.job.stage} ${result.job.name}] ${l}`)
        .join('\n'),
    );
  console.log(line);
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

/** The second release, prepared in a child process (download and compile) while the run goes on. */
function prepareSecondRelease(): Promise<NodeRelease | undefined> {
  return runTee(
    'node',
    process.execPath,
    ['--import', 'tsx', 'scripts/lts/prepare.ts', String(SECOND_RELEASE)],
    {},
  ).then(({ status, output }) => {
    const prepared = output.split('\n').find((line) => line.startsWith(PREPARED));
    if (status === 0 && prepared) return JSON.parse(prepared.slice(PREPARED.length)) as NodeRelease;
    problems.push(`Node ${SECOND_RELEASE} could not be prepared (exit ${status})`);
    return undefined;
  });
}

async function main() {
  const started = Date.now();
  const pgUrl = process.env.TEST_DATABASE_URL || DEFAULT_BASE_URL;
  const withPostgres = wanted('integration:postgresql') && (await postgresAnswers(pgUrl));
  if (wanted('integration:postgresql') && !withPostgres) {
    if (process.env.CI)
      problems.push('integration:postgresql: no PostgreSQL answers at TEST_DATABASE_URL (CI requires it)');
    else console.log('=== integration:postgresql skipped: no PostgreSQL answers at TEST_DATABASE_URL');
  }
  const secondWanted = withPostgres || wanted(`unit:node${SECOND_RELEASE}`);
  // Prepared while the build and the first jobs run.
  const second = secondWanted ? prepareSecondRelease() : Promise.resolve(undefined);

  const integration = ['integration:sqlite', 'integration:postgresql', 'e2e'].some(wanted);
  if (integration && process.env.SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', '-s', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (build.status !== 0) problems.push('build failed');
  }
  const built = integration && !problems.includes('build failed');
  const templates = built ? await createTemplates(withPostgres ? pgUrl : undefined) : undefined;
  const files = testFiles('test/integration');
  const jobs: Job[] = [];
  if (only.length === 0 || only.some((o) => covers(o, 'unit')))
    jobs.push(nodeTestJob('unit', 'all', testFiles('test/unit'), {}));
  if (templates && wanted('e2e')) jobs.push(...browserJobs(E2E_SHARDS));
  if (templates && wanted('integration:sqlite'))
    jobs.push(...integrationJobs('integration:sqlite', files, { TEST_DB: 'sqlite', ...templates.env }));
  // PostgreSQL's files and the second release's unit tests join the queue once that release is
  // prepared (its driver compiles for about a minute), while the other jobs already run.
  const secondJobs = second.then((release) => {
    if (!release) return [];
    console.log(`=== the jobs of Node ${release.version} join the queue`);
    const postgres =
      templates && withPostgres
        ? integrationJobs(
            'integration:postgresql',
            files.filter((f) => !DIALECT_FREE.has(path.basename(f, '.test.ts'))),
            { TEST_DB: 'postgresql', TEST_DATABASE_URL: pgUrl, ...templates.env },
            release,
          )
        : [];
    const unit = nodeTestJob(`unit:node${SECOND_RELEASE}`, 'all', testFiles('test/unit'), {}, release);
    return [...postgres, unit].filter(jobWanted);
  });
  const picked = jobs.filter(jobWanted);
  console.log(
    `\n=== ${picked.length} jobs${secondWanted ? ` and Node ${SECOND_RELEASE}'s once it is ready` : ''}, ${SLOTS} at a time (up to ${MAX_SLOTS} while the cores have room)`,
  );
  const durations = knownDurations();
  const idle = idleShare();
  await runPool(picked, SLOTS, report, secondJobs, (queue) => longestFirst(queue, durations), {
    max: MAX_SLOTS,
    room: () => idle() > SPARE_IDLE_SHARE,
    everyMs: 5000,
  });
  await templates?.drop();

  if (recordDurations) {
    const durations = Object.fromEntries(
      results
        .map((r): [string, number] => [jobKey(r.job), Math.round(r.wallSeconds)])
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
  }
  const failed = printSummary(results, problems, (Date.now() - started) / 1000);
  process.exit(failed ? 1 : 0);
}

void main();

// One job of the test run (a test file of a stage, a shard of the browser tests, a stage's unit
// tests) as a child process, timed on the wall and in CPU (its own and every process it started and
// waited for), with its output kept to print whole once it ends; and a pool that runs jobs side by side.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface Job {
  stage: string;
  /** What the job runs, as the run's summary names it (a file, `shard 2/3`, `all`). */
  name: string;
  cmd: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /** The part of a slot it takes (1 unless said): a browser shard mostly waits on its browser. */
  share?: number;
  /** Reads the passed, failed and skipped counts from the job's stdout (and whatever files it wrote). */
  count(stdout: string): Counts & { failedTests: string[] };
}

export interface JobResult extends Counts {
  job: Job;
  status: number;
  /** The job's stdout and stderr in the order they came. */
  output: string;
  failedTests: string[];
  wallSeconds: number;
  /** User plus system time of the job's process and its waited-for children (GNU time). */
  cpuSeconds: number;
}

const GNU_TIME = '/usr/bin/time';

/** Runs one job to its end; never rejects. */
export function runJob(job: Job): Promise<JobResult> {
  const timing = mkdtempSync(path.join(os.tmpdir(), 'test-job-'));
  const timeFile = path.join(timing, 'cpu');
  const [cmd, args] = hasGnuTime()
    ? [GNU_TIME, ['-q', '-f', '%U %S', '-o', timeFile, job.cmd, ...job.args]]
    : [job.cmd, job.args];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: job.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...job.env },
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => {
      const status = code ?? 1;
      const counts = job.count(stdout);
      resolve({
        job,
        status,
        output,
        ...counts,
        wallSeconds: (Date.now() - started) / 1000,
        cpuSeconds: readCpu(timeFile),
      });
      rmSync(timing, { recursive: true, force: true });
    });
  });
}

let gnuTime: boolean | undefined;
function hasGnuTime(): boolean {
  try {
    gnuTime ??= readFileSync(GNU_TIME).length > 0;
  } catch {
    gnuTime = false;
  }
  return gnuTime;
}

function readCpu(file: string): number {
  try {
    const [user, system] = readFileSync(file, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
    return (user ?? 0) + (system ?? 0);
  } catch {
    return 0;
  }
}

/** Jobs beyond the usual number, started while the cores are not all busy. */
export interface SpareSlots {
  /** At most this many jobs at once in all (their shares summed). */
  max: number;
  /** Whether the cores have had room since the last call (asked every `everyMs`). */
  room: () => boolean;
  everyMs: number;
}

/**
 * Runs `jobs` side by side, in the order `order` gives (the caller puts the longest first, so the
 * run does not end on one long job alone), reporting each as it ends: the next job starts while
 * the running ones' `share`s sum to less than `slots`. `later` brings more jobs (those
 * that need a Node release still being prepared): they join the queue, in that order, when they
 * arrive. With `spare`, one more job starts whenever the cores had room since the last look, up to
 * `spare.max` at once: jobs that wait on browsers, timers and PostgreSQL leave part of the machine idle.
 */
export async function runPool(
  jobs: Job[],
  slots: number,
  onDone: (result: JobResult) => void,
  later: Promise<Job[]> = Promise.resolve([]),
  order: (jobs: Job[]) => Job[] = (j) => j,
  spare?: SpareSlots,
): Promise<JobResult[]> {
  const results: JobResult[] = [];
  let queue = order(jobs);
  let arrived = false;
  const running = new Set<Job>();
  const used = () => [...running].reduce((sum, job) => sum + (job.share ?? 1), 0);
  let finish: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const start = (job: Job) => {
    queue = queue.filter((queued) => queued !== job);
    running.add(job);
    void runJob(job).then((result) => {
      running.delete(job);
      results.push(result);
      onDone(result);
      fill();
    });
  };
  function fill() {
    while (queue.length > 0 && used() < Math.max(1, slots)) start(queue[0]!);
    if (arrived && queue.length === 0 && running.size === 0) finish();
  }
  void later.then((more) => {
    queue = order([...queue, ...more]);
    arrived = true;
    fill();
  });
  fill();
  const timer = spare
    ? setInterval(() => {
        if (queue.length > 0 && used() + (queue[0]!.share ?? 1) <= spare.max && spare.room()) start(queue[0]!);
      }, spare.everyMs)
    : undefined;
  await finished;
  clearInterval(timer);
  return results;
}

/** The counts of Node's spec reporter, from its closing `ℹ pass N` lines, and the names it lists as failing. */
export function nodeTestCounts(stdout: string): Counts & { failedTests: string[] } {
  const count = (name: string) => Number([...stdout.matchAll(new RegExp(`^ℹ ${name} (\\d+)$`, 'gm'))].pop()?.[1] ?? 0);
  const section = stdout.lastIndexOf('✖ failing tests:');
  const failedTests =
    section < 0
      ? []
      : stdout
          .slice(section)
          .split('\n')
          .slice(1)
          .map((line) => /^✖ (.+) \([\d.]+m?s\)$/.exec(line.trim())?.[1])
          .filter((name): name is string => name !== undefined);
  return {
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
    failedTests,
  };
}

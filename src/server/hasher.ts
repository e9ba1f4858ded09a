// bcrypt (bcryptjs) on a pool of worker threads sized to the cores, so a storm of logins never
// stalls the event loop that serves token-only routes.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PasswordHasher } from '@/core/ports';

// Plain CommonJS evaluated in each worker: nothing for the bundler to trace or rewrite.
// Each worker lowers its own thread's CPU priority (Linux: setpriority takes a thread id), so when
// a login storm keeps every core busy with bcrypt, the event loop still gets the CPU the moment a
// token-only request arrives; idle cores still go to bcrypt. Elsewhere it stays as it is.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
parentPort.on('message', (task) => {
  try {
    const result = task.op === 'hash' ? bcrypt.hashSync(task.password, task.rounds) : bcrypt.compareSync(task.password, task.hash);
    parentPort.postMessage({ id: task.id, result });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: String((error && error.message) || error) });
  }
});`;

/**
 * Nice value of the worker threads: the lowest priority. Against 10, which leaves the event loop
 * about nine tenths of a contended core, the context probe's p99 during a login storm fell from
 * 21-32 ms to 10-20 ms in four alternating pairs, with the same logins per second (decision 0006).
 */
const WORKER_NICE = 19;

/**
 * Jobs a worker holds at once: the one it runs and the next, waiting in its own message queue. A
 * worker that finishes starts the next at once instead of idling until the event loop, busy with
 * other requests during a storm, gets round to handing it one.
 */
const JOBS_PER_WORKER = 2;

/**
 * A worker holds nothing but the comparison in progress, so its isolate is kept small: with V8's
 * defaults the workers' memory kept growing through a login storm (two workers after 120
 * comparisons: 25-28 MiB above the process's start, against 18-22 MiB with these limits).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 };

type Task = { id: number; op: 'hash' | 'compare'; password: string; hash?: string; rounds?: number };
type Pending = { task: Task; resolve: (value: unknown) => void; reject: (error: Error) => void };

/** `nice`: the workers' thread priority; the lowest unless a test asks for the event loop's own. */
export function createWorkerPool(size: number, nice = WORKER_NICE) {
  const bcryptPath = createRequire(path.join(process.cwd(), 'package.json')).resolve('bcryptjs');
  const held = new Map<Worker, Map<number, Pending>>();
  const queue: Pending[] = [];
  let nextId = 0;
  let closed = false;

  function spawn() {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bcryptPath, nice },
      resourceLimits: WORKER_LIMITS,
    });
    const jobs = new Map<number, Pending>();
    held.set(worker, jobs);
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const job = jobs.get(message.id);
      jobs.delete(message.id);
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.result);
      }
      refill(worker);
    });
    worker.on('error', (error) => fail(worker, error));
    worker.on('exit', () => {
      fail(worker, new Error('bcrypt worker exited'));
      held.delete(worker);
      if (!closed) refill(spawn()); // keep the pool at its size
    });
    worker.unref(); // after the listeners, which ref it: an idle pool never keeps a process alive
    return worker;
  }

  function fail(worker: Worker, error: Error) {
    const jobs = held.get(worker);
    for (const job of jobs?.values() ?? []) job.reject(error);
    jobs?.clear();
  }

  // A worker with a job holds the process open until the answer comes; an idle one does not.
  function assign(worker: Worker, job: Pending) {
    held.get(worker)!.set(job.task.id, job);
    worker.ref();
    worker.postMessage(job.task);
  }

  function refill(worker: Worker) {
    const jobs = held.get(worker)!;
    while (jobs.size < JOBS_PER_WORKER && queue.length > 0) assign(worker, queue.shift()!);
    if (jobs.size === 0) worker.unref();
  }

  /** The worker holding the fewest jobs, while one holds fewer than its share. */
  function leastHeld(): Worker | undefined {
    let best: Worker | undefined;
    for (const [worker, jobs] of held)
      if (jobs.size < JOBS_PER_WORKER && (!best || jobs.size < held.get(best)!.size)) best = worker;
    return best;
  }

  for (let i = 0; i < size; i++) spawn();

  return {
    run<T>(task: Omit<Task, 'id'>): Promise<T> {
      if (closed) return Promise.reject(new Error('bcrypt pool closed'));
      return new Promise<T>((resolve, reject) => {
        const job: Pending = { task: { ...task, id: nextId++ }, resolve: resolve as (v: unknown) => void, reject };
        const worker = leastHeld();
        if (worker) assign(worker, job);
        else queue.push(job);
      });
    },
    /**
     * Jobs not yet started (in the pool's queue or behind a worker's current one), and workers busy with one (for the
     * metrics).
     */
    stats: () => {
      const counts = [...held.values()].map((jobs) => jobs.size);
      return {
        waiting: queue.length + counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
        busy: counts.filter((n) => n > 0).length,
      };
    },
    async close() {
      closed = true;
      await Promise.all([...held.keys()].map((w) => w.terminate()));
    },
  };
}

export function poolSize(): number {
  return Math.max(1, os.availableParallelism());
}

/** A hasher over the worker pool; `close` ends the workers. */
export function createBcryptHasher(
  rounds: number,
  workers = poolSize(),
  nice = WORKER_NICE,
): PasswordHasher & { close: () => Promise<void>; stats: () => { waiting: number; busy: number } } {
  let pool: ReturnType<typeof createWorkerPool> | undefined;
  const get = () => (pool ??= createWorkerPool(workers, nice)); // started on first use: builds never spawn workers
  return {
    hash: (password) => get().run<string>({ op: 'hash', password, rounds }),
    verify: (password, hash) => get().run<boolean>({ op: 'compare', password, hash }),
    stats: () => pool?.stats() ?? { waiting: 0, busy: 0 },
    needsUpgrade: () => false, // see prehashed-passwords.ts, which wraps this hasher
    close: async () => {
      await pool?.close();
    },
  };
}

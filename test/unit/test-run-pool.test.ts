// The test run's pool: how many jobs it runs at once, by their shares of a slot and the cores' room,
// with jobs that arrive later; real child processes that print when they start and end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runPool, type Job, type JobResult } from '../../scripts/test-run/jobs';

/** A job that sleeps `ms` and prints its start and end times. */
function sleeper(name: string, ms: number, share?: number): Job {
  return {
    stage: 'pool',
    name,
    cmd: process.execPath,
    args: ['-e', `console.log(Date.now()); setTimeout(() => console.log(Date.now()), ${ms})`],
    env: {},
    cwd: process.cwd(),
    share,
    count: () => ({ passed: 1, failed: 0, skipped: 0, failedTests: [] }),
  };
}

/** When each job ran, by its own clock readings, and its share. */
const spans = (results: JobResult[]) =>
  results.map((r) => {
    const [from, to] = r.output.trim().split('\n').map(Number);
    return { from: from!, to: to!, share: r.job.share ?? 1 };
  });

/** The largest sum of shares running at one moment. */
function peak(results: JobResult[]): number {
  const all = spans(results);
  return Math.max(
    ...all.map((s) => all.filter((o) => o.from <= s.from && s.from < o.to).reduce((n, o) => n + o.share, 0)),
  );
}

test('a job starts while the running shares sum to less than the slots', async () => {
  const jobs = [
    sleeper('a', 1500, 0.4),
    sleeper('b', 1500, 0.4),
    sleeper('c', 1500, 0.4),
    sleeper('d', 1500),
    sleeper('e', 1500),
  ];
  const results = await runPool(jobs, 2, () => {});
  assert.equal(results.length, 5);
  const first = results.filter((r) => r.job.name !== 'e');
  assert.equal(peak(first).toFixed(1), '2.2', 'three browser-like shares and one whole job at once');
  // The fifth waits for one of them to end (then the others may still run, as the shares allow).
  const [fifth] = spans(results.filter((r) => r.job.name === 'e'));
  assert.ok(fifth!.from >= Math.min(...spans(first).map((s) => s.to)), 'the fifth waited for a job to end');
});

test('jobs that arrive later join the queue and the pool waits for them', async () => {
  const later = new Promise<Job[]>((resolve) => setTimeout(() => resolve([sleeper('late', 100)]), 300));
  const done: string[] = [];
  const results = await runPool([sleeper('early', 100)], 2, (r) => done.push(r.job.name), later);
  assert.deepEqual(done, ['early', 'late']);
  assert.equal(results.length, 2);
});

test('with room on the cores, jobs beyond the slots start, up to the maximum', async () => {
  const jobs = () => ['a', 'b', 'c', 'd'].map((n) => sleeper(n, 1200));
  const roomy = await runPool(jobs(), 1, () => {}, undefined, undefined, { max: 3, room: () => true, everyMs: 50 });
  assert.equal(peak(roomy), 3);
  const busy = await runPool(jobs().slice(0, 2), 1, () => {}, undefined, undefined, {
    max: 3,
    room: () => false,
    everyMs: 50,
  });
  assert.equal(peak(busy), 1);
});

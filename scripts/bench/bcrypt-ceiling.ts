// The bcrypt ceiling: password comparisons per second at the bench's cost on every core, measured
// on the same worker-pool design the app hashes on (src/server/hasher.ts), in the bench process
// while the app is idle, in rounds interleaved with the login rounds.
import bcrypt from 'bcryptjs';
import { createWorkerPool, poolSize } from '@/server/hasher';
import type { Sample } from './load';

export interface CeilingMeter {
  workers: number;
  /** Keeps every worker comparing for `seconds`; counts comparisons finished by then. */
  run(seconds: number): Promise<Sample>;
  close(): Promise<void>;
}

export function createCeilingMeter(rounds: number): CeilingMeter {
  const workers = poolSize();
  const pool = createWorkerPool(workers);
  const password = 'ceiling-pass-Q7v!x2';
  const hash = bcrypt.hashSync(password, rounds);
  const compare = async () => {
    if (!(await pool.run<boolean>({ op: 'compare', password, hash })))
      throw new Error('bcrypt ceiling: comparison failed');
  };

  return {
    workers,
    async run(seconds) {
      const latencies: number[] = [];
      let last = NaN;
      const start = performance.now();
      const deadline = start + seconds * 1000;
      // One loop per worker keeps every worker busy, as a saturating login storm does. Like a load
      // run, only work finished by the deadline counts; the rest finishes before the next row.
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (performance.now() < deadline) {
            const t = performance.now();
            await compare();
            const done = performance.now();
            if (done > deadline) continue;
            last = done;
            latencies.push(done - t);
          }
        }),
      );
      return {
        seconds,
        latencies,
        start,
        last,
        failures: 0,
        statuses: { '200': latencies.length },
        cpuSeconds: NaN,
        databaseCpuSeconds: NaN,
      };
    },
    close: () => pool.close(),
  };
}

// How much of the machine's CPU went unused since the last look, from Linux's /proc/stat: the test
// run starts a job beyond its usual number while a share of the cores sits idle.
import { readFileSync } from 'node:fs';

interface Sample {
  idle: number;
  total: number;
}

function sample(): Sample | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are time no process used.
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0) };
  } catch {
    return undefined;
  }
}

/** A probe that says which share of the CPU was idle between two calls (0 where /proc/stat is not). */
export function idleShare(): () => number {
  let last = sample();
  return () => {
    const now = sample();
    const share = last && now && now.total > last.total ? (now.idle - last.idle) / (now.total - last.total) : 0;
    last = now;
    return share;
  };
}

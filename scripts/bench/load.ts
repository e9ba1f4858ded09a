// One autocannon run against the app as a raw sample (every latency, every status, the app's CPU
// time), and the merge of samples from interleaved rounds into the numbers the table shows.
import { readFileSync } from 'node:fs';
import autocannon, { type DynamicRequest } from 'autocannon';

export interface LoadSpec {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A form-encoded body instead (OAuth's introspection), sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Per-request bodies (refresh chains); replaces method and body when given. */
  requests?: DynamicRequest[];
  connections: number;
  /** Fixed arrival rate over all connections; unset: each connection sends as fast as answers come. */
  overallRate?: number;
  /** Stop after this many requests instead of after the duration (single-use codes: one each). */
  amount?: number;
}

export interface Sample {
  seconds: number;
  /** Milliseconds from send to the whole answer, one per answered request. */
  latencies: number[];
  /** performance.now() when the run started and of its last answer. */
  start: number;
  last: number;
  /** Connection errors and timeouts (answers other than 2xx are in `statuses`). */
  failures: number;
  statuses: Record<string, number>;
  /** CPU seconds the app process spent meanwhile (NaN when not measured). */
  cpuSeconds: number;
  /** CPU seconds the database server spent on the bench's database meanwhile (NaN when not measured). */
  databaseCpuSeconds: number;
}

export interface Measurement {
  /** Answered requests per second over the measured time. */
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  /** 429 answers (also counted in `errors`). */
  rateLimited: number;
  requests: number;
  statuses: Record<string, number>;
  /** CPU milliseconds the app process (all its threads) spent per answer; NaN if unknown. */
  cpuMs: number;
  /** CPU milliseconds the database server spent per answer (PostgreSQL on this machine); NaN if unknown. */
  databaseCpuMs: number;
}

/** CPU seconds spent so far by something outside the app (the database server). */
export type CpuReader = () => Promise<number>;
let databaseCpuReader: CpuReader | undefined;
/** Every later run that measures the app's CPU measures the database server's with `reader` too. */
export function measureDatabaseCpuWith(reader: CpuReader | undefined): void {
  databaseCpuReader = reader;
}
const readDatabaseCpu = async (measured: boolean) => (measured && databaseCpuReader ? databaseCpuReader() : NaN);

/** User plus system CPU seconds of a process so far (Linux /proc; NaN elsewhere). */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

function statusMiB(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const kib = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? NaN : Number(kib) / 1024;
  } catch {
    return NaN;
  }
}

/** The most memory a process held resident so far, in MiB (Linux /proc VmHWM; NaN elsewhere). */
export const peakRssMiB = (pid: number | undefined) => statusMiB(pid, 'VmHWM');
/** The memory a process holds resident now, in MiB (Linux /proc VmRSS; NaN elsewhere). */
export const processRssMiB = (pid: number | undefined) => statusMiB(pid, 'VmRSS');

/** Runs `spec` for `seconds`; with `appPid`, also measures the app's CPU time. */
export async function runLoad(baseUrl: string, spec: LoadSpec, seconds: number, appPid?: number): Promise<Sample> {
  const headers: Record<string, string> = { ...spec.headers };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  if (spec.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const databaseBefore = await readDatabaseCpu(appPid !== undefined);
  const cpuBefore = appPid === undefined ? NaN : processCpuSeconds(appPid);
  const latencies: number[] = [];
  const start = performance.now();
  let last = NaN;
  const run = autocannon({
    // autocannon takes the path from the URL; a separate `path` option is ignored.
    url: `${baseUrl}${spec.path}`,
    method: spec.method ?? 'GET',
    headers,
    body:
      spec.form !== undefined
        ? new URLSearchParams(spec.form).toString()
        : spec.body === undefined
          ? undefined
          : JSON.stringify(spec.body),
    requests: spec.requests,
    connections: spec.connections,
    overallRate: spec.overallRate,
    duration: seconds,
    amount: spec.amount,
    timeout: 30,
  });
  // Our own record of every latency: autocannon's histogram "corrects" fixed-rate runs with
  // synthetic samples at a 1 ms interval, and cannot be merged across rounds.
  void run.on('response', (_client, _status, _bytes, responseTime) => {
    last = performance.now();
    latencies.push(responseTime);
  });
  const result = await run;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  const cpuSeconds = appPid === undefined ? NaN : processCpuSeconds(appPid) - cpuBefore;
  const databaseCpuSeconds = (await readDatabaseCpu(appPid !== undefined)) - databaseBefore;
  return {
    seconds: result.duration,
    latencies,
    start,
    last,
    failures: result.errors,
    statuses,
    cpuSeconds,
    databaseCpuSeconds,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Answers per second from each run's start to its last answer: a run stops with requests half done,
 * which at a few logins per second would otherwise weigh more than the difference being measured
 * (the bcrypt ceiling is counted the same way). At hundreds per second it equals answers / duration.
 */
function steadyRate(samples: Sample[]): number {
  const answered = samples.filter((s) => s.latencies.length > 0);
  const count = answered.reduce((sum, s) => sum + s.latencies.length, 0);
  return count / (answered.reduce((sum, s) => sum + (s.last - s.start), 0) / 1000);
}

/** With `fixedRate`, req/s is the rate answered over the whole runs (the probe's offered rate). */
export function summarize(samples: Sample[], fixedRate = false): Measurement {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples)
    for (const [code, n] of Object.entries(s.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const requests = latencies.length;
  const non2xx = Object.entries(statuses).reduce((sum, [code, n]) => sum + (code.startsWith('2') ? 0 : n), 0);
  return {
    rps: fixedRate ? requests / samples.reduce((sum, s) => sum + s.seconds, 0) : steadyRate(samples),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: samples.reduce((sum, s) => sum + s.failures, 0) + non2xx,
    rateLimited: statuses['429'] ?? 0,
    requests,
    statuses,
    cpuMs: (samples.reduce((sum, s) => sum + s.cpuSeconds, 0) * 1000) / requests,
    databaseCpuMs: (samples.reduce((sum, s) => sum + s.databaseCpuSeconds, 0) * 1000) / requests,
  };
}

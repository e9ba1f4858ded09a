// The measured app's own event-loop delay over one run, read from its /metrics: prom-client samples
// it with monitorEventLoopDelay (10 ms resolution) and starts afresh at every scrape, so a scrape
// before and one after a run give the delay during that run. It tells a slow answer that waited in
// the app's event loop from one that waited elsewhere (the operating system's run queue, the client).
import { parseSamples } from '../../test/support/prometheus';

/** Scrapes /metrics with this bearer; the bench sets METRICS_TOKEN for the measured instance. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-scraper-0123456789';

export interface LoopDelay {
  p99: number;
  max: number;
}

/** The delay since the previous scrape, ms. */
export async function scrapeLoopDelay(url: string): Promise<LoopDelay> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  const samples = parseSamples(await res.text());
  const ms = (name: string) => (samples.get(name) ?? NaN) * 1000;
  return { p99: ms('nodejs_eventloop_lag_p99_seconds'), max: ms('nodejs_eventloop_lag_max_seconds') };
}

/** The worst of several runs' delays (each figure on its own). */
export function worstDelay(delays: LoopDelay[]): LoopDelay {
  const worst = (pick: (d: LoopDelay) => number) => (delays.length ? Math.max(...delays.map(pick)) : NaN);
  return { p99: worst((d) => d.p99), max: worst((d) => d.max) };
}

// The part of autocannon 9's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface DynamicRequest extends RequestSpec {
    /** Called before each send; the object it returns is sent. Falsy skips the request. */
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec | null | undefined;
    /** Called with each response before the connection builds its next request. */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, unknown>,
    ) => void;
  }

  interface Options extends Omit<RequestSpec, 'path'> {
    /** With the path: a top-level `path` option is ignored. */
    url: string;
    connections?: number;
    duration?: number;
    /** This many requests in all, then stop (instead of `duration`). */
    amount?: number;
    pipelining?: number;
    timeout?: number;
    /** Requests per second over all connections (an open, fixed-rate load). */
    overallRate?: number;
    requests?: DynamicRequest[];
  }

  interface Histogram {
    average: number;
    mean: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }

  /** The running instance: a promise of the result that also reports each answer as it comes. */
  interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, responseTime: number) => void,
    ): Instance;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { DynamicRequest, Options, Result };
}

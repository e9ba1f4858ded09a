// Readiness and graceful shutdown of one server process: on SIGTERM or SIGINT readiness turns 503
// at once, the server keeps serving until the load balancer has noticed, then stops accepting,
// lets answers under way finish, closes its connections, runs pending after-response work and
// closes the pools.
import type { Server, ServerResponse } from 'node:http';

// One state per process, shared by the server script and the bundled health route handlers.
const globalKey = Symbol.for('commerce-auth.lifecycle');
type Holder = { [globalKey]?: { draining: boolean } };
const state = () => ((globalThis as Holder)[globalKey] ??= { draining: false });

/** True once shutdown has begun: the instance answers, but asks not to be sent new work. */
export function isDraining(): boolean {
  return state().draining;
}

export interface ShutdownOptions {
  /** Seconds to keep serving after readiness turns 503, so the balancer stops sending work first. */
  delaySeconds: number;
  /** Seconds the answers under way get to finish once the server stops accepting. */
  timeoutSeconds: number;
  /** Pending after-response work and the pools; given the same time again. */
  close(): Promise<void>;
  log(event: string, message: string, fields?: object): void;
  exit(code: number): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves true if `work` finished within `ms`, false if the time ran out first. */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Watches `server`'s requests and returns the shutdown to run on a signal. Once draining, every
 * answer carries `Connection: close`, so no client reuses a connection the server is about to drop.
 */
export function createGracefulShutdown(server: Server, options: ShutdownOptions) {
  const inFlight = new Set<ServerResponse>();
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (isDraining()) res.setHeader('connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  let started = false;

  return async function shutdown(signal: string): Promise<void> {
    if (started) return;
    started = true;
    state().draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    options.log('shutdown_draining', `${signal}: readiness is 503; serving for ${options.delaySeconds}s more`, {
      signal,
    });
    await sleep(options.delaySeconds * 1000);

    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    options.log('shutdown_closing', `stopped accepting; ${inFlight.size} request(s) under way`, {
      inFlight: inFlight.size,
    });
    // Idle keep-alive connections close now; busy ones as soon as their answer is out.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const finished = await within(options.timeoutSeconds * 1000, closed);
    clearInterval(sweep);
    if (!finished) {
      options.log(
        'shutdown_timeout',
        `${inFlight.size} request(s) still running after ${options.timeoutSeconds}s: closing their connections`,
      );
      server.closeAllConnections();
    }
    const closedCleanly = await within(options.timeoutSeconds * 1000, options.close());
    if (!closedCleanly) options.log('shutdown_timeout', 'pending work or pools did not finish closing in time');
    options.log('shutdown_done', 'stopped');
    options.exit(0);
  };
}

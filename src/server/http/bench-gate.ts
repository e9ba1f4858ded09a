// The gate of the benchmark's bare routes: served only with BENCH_ROUTES=1, and then only to a
// request carrying the benchmark's secret; any other request is the dispatcher's, as on any
// unknown path (the start refuses BENCH_ROUTES=1 without BENCH_SECRET: src/core/config.ts).
import { timingSafeEqual } from 'node:crypto';
import { benchRoutesSecret } from '@/core/config';
import { dispatch } from '../rest/dispatch';

type Handler = (request: Request) => Promise<Response>;

// Read once, when the route module loads: the flag is the server's, not the request's.
const secret = benchRoutesSecret();
const expected = secret === null ? null : Buffer.from(`Bearer ${secret}`);

function carriesSecret(request: Request): boolean {
  const sent = Buffer.from(request.headers.get('authorization') ?? '');
  return expected !== null && sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** `serve` for a request that carries the benchmark's secret; the dispatcher's answer for any other. */
export function benchOnly(serve: Handler): Handler {
  if (expected === null) return dispatch;
  return (request) => (carriesSecret(request) ? serve(request) : dispatch(request));
}

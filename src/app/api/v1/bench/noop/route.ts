// GET /api/v1/bench/noop: a handler that does nothing, the benchmark's measure of the framework's
// own ceiling. Served only with BENCH_ROUTES=1; otherwise 404 problem+json like any unknown path.
import { AuthError, NO_SUCH_ROUTE } from '@/core/errors';
import { problemResponse } from '@/server/rest/responses';

// Never prerendered: the flag is read when the server starts, not when the app is built.
export const dynamic = 'force-dynamic';

// Read once, so the handler costs nothing beyond the framework's routing of the request.
const enabled = process.env.BENCH_ROUTES === '1';
const BODY = '{"ok":true}';

const notFound = async () => problemResponse(new AuthError('not_found', NO_SUCH_ROUTE));
const notAllowed = async () => problemResponse(new AuthError('method_not_allowed', 'Use GET.'), { allow: 'GET' });

// Deliberately outside the dispatcher: no table, no container, no parsing; only a tiny JSON answer.
async function noop(): Promise<Response> {
  return new Response(BODY, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

export const GET = enabled ? noop : notFound;
export const POST = enabled ? notAllowed : notFound;
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;

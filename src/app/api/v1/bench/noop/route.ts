// GET /api/v1/bench/noop: a handler that does nothing, the benchmark's measure of the framework's
// own ceiling. Served only with BENCH_ROUTES=1, to a request carrying BENCH_SECRET; otherwise the
// dispatcher answers, as for any unknown path.
import { AuthError } from '@/core/auth-error';
import { optionsAnswer } from '@/server/http/api-headers';
import { benchOnly } from '@/server/http/bench-gate';
import { problemResponse } from '@/server/rest/responses';

// Never prerendered: the flag is read when the server starts, not when the app is built.
export const dynamic = 'force-dynamic';

const BODY = '{"ok":true}';

const notAllowed = async () => problemResponse(new AuthError('method_not_allowed', 'Use GET.'), { allow: 'GET' });

// Deliberately outside the dispatcher: no table, no container, no parsing, none of the API's
// headers (the gate compares one header); only a tiny JSON answer, like the plain Next.js app's handler it is compared
// with.
async function noop(): Promise<Response> {
  return new Response(BODY, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

export const GET = benchOnly(noop);
export const POST = benchOnly(notAllowed);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const OPTIONS = benchOnly(async (request: Request) => optionsAnswer(request, ['GET']));

// POST /api/v1/bench/compare: the framework's floor for a sign-in, the benchmark's measure of what a
// login could reach with no service work at all: a JSON body read, one password comparison on the
// app's own bcrypt pool at its cost, and a constant answer. Served only with BENCH_ROUTES=1, to a
// request carrying BENCH_SECRET; otherwise the dispatcher answers, as for any unknown path.
import { AuthError } from '@/core/auth-error';
import { getContainer } from '@/server/container';
import { optionsAnswer } from '@/server/http/api-headers';
import { benchOnly } from '@/server/http/bench-gate';
import { readJsonBody } from '@/server/rest/body';
import { problemResponse } from '@/server/rest/responses';

// Never prerendered: the flag is read when the server starts, not when the app is built.
export const dynamic = 'force-dynamic';

const BODY = '{"ok":true}';
/** A password and little else. */
const BODY_LIMIT_BYTES = 1024;
const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };

const notAllowed = async () => problemResponse(new AuthError('method_not_allowed', 'Use POST.'), { allow: 'POST' });

// Hashed once, at the app's cost and in its stored format, on the first request.
let stored: Promise<string> | undefined;

// Deliberately outside the dispatcher: no table, no validation, no database. The body's `password`
// (an empty one for any other body) is compared with the stored hash; a comparison costs the same
// whether it matches or not, so the answer is the same constant either way.
async function compare(request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await readJsonBody(request, BODY_LIMIT_BYTES);
  } catch (error) {
    return problemResponse(error as AuthError);
  }
  const password =
    typeof body === 'object' && body !== null && 'password' in body && typeof body.password === 'string'
      ? body.password
      : '';
  const { hasher } = getContainer();
  stored ??= hasher.hash('bench-floor');
  await hasher.verify(password, await stored);
  return new Response(BODY, { headers });
}

export const POST = benchOnly(compare);
export const GET = benchOnly(notAllowed);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const OPTIONS = benchOnly(async (request: Request) => optionsAnswer(request, ['POST']));

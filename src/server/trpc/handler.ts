// Serves a tRPC router over the fetch adapter: the REST adapter's body limits, the API's headers
// (no-store, nosniff, HSTS), Retry-After on rate limiting, and one log line per unexpected fault.
import type { AnyRouter } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { after } from 'next/server';
import { AuthError } from '@/core/auth-error';
import { ERROR_CATALOGUE } from '@/contract/error-catalogue';
import type { Role } from '@/contract/auth-schemas';
import { getContainer } from '../container';
import { collectDeferred, type StartDeferred } from '../deferred-tasks';
import { faultToAuthError } from '../faults';
import { withApiHeaders } from '../http/api-headers';
import type { AppLogger } from '../logger';
import { recordRequest, UNMATCHED_ROUTE } from '../metrics';
import { readJsonBody } from '../rest/body';
import { createContext } from './context';
import { isUnexpected } from './trpc-errors';

/** A tRPC-shaped error answered before tRPC runs (no container, oversized body, unknown role). */
export function errorResponse(error: AuthError): Response {
  const code = TRPC_ERROR_CODES_BY_KEY[ERROR_CATALOGUE[error.code].trpc];
  const body = { error: { message: error.detail, code, data: { code: error.code, httpStatus: error.status } } };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

/**
 * The request with its JSON body read by the REST adapter's reader: the same 16 KiB limit (413),
 * JSON-only media type (415) and malformed-body (400) answers for both adapters.
 */
async function withinBodyLimit(req: Request, maxBytes: number): Promise<Request> {
  // Queries, and mutations without input (refresh, logout), have no body to check.
  if (req.method !== 'POST' || !req.body || req.headers.get('content-length') === '0') return req;
  const json = await readJsonBody(req, maxBytes);
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  return new Request(req.url, { method: req.method, headers, body: JSON.stringify(json) });
}

type TrpcOptions = { endpoint: string; router: AnyRouter; sessionRole?: Role };

/**
 * The procedure's path as a metrics label: a procedure of the router, or `unmatched` (no caller-chosen label values).
 */
function routeLabel(req: Request, { endpoint, router }: TrpcOptions): string {
  const procedure = new URL(req.url).pathname.slice(endpoint.length + 1);
  const procedures = router._def.procedures as Record<string, unknown>;
  return Object.hasOwn(procedures, procedure) ? `${endpoint}/${procedure}` : UNMATCHED_ROUTE;
}

/** Answers one call of the pages, counted in the request metrics like a REST route. */
export async function handleTrpc(req: Request, options: TrpcOptions): Promise<Response> {
  const started = performance.now();
  const response = withApiHeaders(await answer(req, options), req, 'trpc');
  recordRequest({
    route: routeLabel(req, options),
    method: req.method,
    status: response.status,
    seconds: (performance.now() - started) / 1000,
  });
  return response;
}

async function answer(req: Request, options: TrpcOptions): Promise<Response> {
  let container;
  try {
    container = getContainer();
  } catch (error) {
    return errorResponse(await faultToAuthError(error, undefined, 'tRPC: the app cannot start'));
  }
  const { config, logger } = container;
  let limited: Request;
  try {
    limited = await withinBodyLimit(req, config.maxBodyBytes);
  } catch (error) {
    if (error instanceof AuthError) return errorResponse(error);
    throw error;
  }

  const deferred: StartDeferred[] = [];
  try {
    return await collectDeferred(deferred, () => serve(limited, options, logger));
  } finally {
    // Deferred work (reset mail) starts once the answer is out, as in the REST adapter.
    if (deferred.length > 0) after(() => deferred.forEach((start) => start()));
  }
}

function serve(req: Request, options: TrpcOptions, logger: AppLogger) {
  return fetchRequestHandler({
    endpoint: options.endpoint,
    req,
    router: options.router,
    // The pages send one call per request (httpLink); a batch would let one request carry many.
    allowBatching: false,
    createContext: ({ req: request, resHeaders }) =>
      createContext({ req: request, resHeaders, sessionRole: options.sessionRole }),
    onError({ error, path }) {
      if (!isUnexpected(error)) return;
      const cause = error.cause ?? error;
      logger.error(
        {
          event: 'unhandled_error',
          path: `${options.endpoint}/${path ?? ''}`,
          err: { name: cause.name, message: cause.message, stack: cause.stack },
        },
        'request failed',
      );
    },
    responseMeta({ errors }) {
      const retryAfter = errors
        .map((e) => (e.cause instanceof AuthError ? e.cause.retryAfter : undefined))
        .find((s) => s !== undefined);
      return {
        headers: new Headers({
          'cache-control': 'no-store',
          ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
        }),
      };
    },
  });
}

// The REST adapter: finds the request's route in the table, authenticates bearer routes, hands the
// request to the route's binding and maps what it answers or throws (problem+json). A path the table
// lacks is 404; a listed path called with another method is 405 with Allow, and OPTIONS (a browser's
// preflight or not) 204 with the route's own methods. Every answer gets the API's headers here.
import { after } from 'next/server';
import { API_PREFIX, pathParametersSchema, type HttpMethod, type RestRoute } from '@/contract/route';
import { NAMED_ROUTES, type NamedRoute } from '@/contract/routes';
import { AuthError, NO_SUCH_ROUTE } from '@/core/auth-error';
import { parseInput } from '@/core/validation';
import { bearerTokenOf, clientInfoOf, missingBearer } from '../client-info';
import { getContainer, type Container } from '../container';
import { collectDeferred, type StartDeferred } from '../deferred-tasks';
import { faultToAuthError } from '../faults';
import { optionsAnswer, withApiHeaders } from '../http/api-headers';
import { recordRequest, UNMATCHED_ROUTE } from '../metrics';
import { openApiDocument } from '../openapi/document';
import { Answer, BINDINGS, JsonStream, type Binding, type RouteCall } from './bindings';
import { readFormBody, readJsonBody } from './body';
import { jsonResponse, noContent, problemResponse, streamedJsonResponse } from './responses';

/** Where a paired device sends its credential on the terminal routes. */
export const TERMINAL_TOKEN_HEADER = 'x-terminal-token';

interface Compiled extends NamedRoute {
  pattern: RegExp;
  binding: Binding<RestRoute>;
  paramsSchema: ReturnType<typeof pathParametersSchema>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COMPILED: Compiled[] = NAMED_ROUTES.map((named) => {
  const source = named.route.path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^/]+)` : escape(part)))
    .join('');
  const side = BINDINGS[named.side] as Record<string, Binding<RestRoute>>;
  return {
    ...named,
    pattern: new RegExp(`^${source}$`),
    binding: side[named.key]!,
    paramsSchema: pathParametersSchema(named.route.path),
  };
});

interface Found {
  route: Compiled;
  params: Record<string, string>;
}

/** The route `method` reaches at `path` (relative to the API root), or the methods the path has (none: 404). */
export function findRoute(method: string, path: string): Found | { allow: string[] } {
  const allowed: string[] = [];
  for (const candidate of COMPILED) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    if (candidate.route.methods.includes(method as HttpMethod)) {
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
      return { route: candidate, params };
    }
    allowed.push(...candidate.route.methods);
  }
  return { allow: [...new Set(allowed)] };
}

function callOf(container: Container, request: Request, params: Record<string, string>, route: RestRoute): RouteCall {
  const { config, auth } = container;
  let body: Promise<unknown> | undefined;
  const read = route.bodyEncoding === 'form' ? readFormBody : readJsonBody;
  const rawBody = () => (body ??= read(request, config.maxBodyBytes));
  return {
    auth,
    client: clientInfoOf(request.headers, config.trustProxyHops),
    params,
    query: Object.fromEntries(new URL(request.url).searchParams),
    principal: undefined as never, // set by dispatch for bearer routes
    bearerToken: bearerTokenOf(request.headers),
    terminal: undefined as never, // set by dispatch for terminal routes
    serviceCaller: undefined as never, // set by dispatch for client routes
    body: rawBody,
    input: async () => (route.body ? parseInput(route.body, await rawBody()) : undefined) as never,
    databaseHealthy: () => container.databaseHealthy(),
    openapiDocument: openApiDocument,
  };
}

async function answer(container: Container, request: Request, found: Found): Promise<Response> {
  const { route, binding } = found.route;
  const call = callOf(container, request, found.params, route);
  if (route.auth === 'bearer') {
    const token = bearerTokenOf(request.headers);
    if (!token) throw missingBearer();
    call.principal = await container.auth.authenticate(route.role!, token, call.client, { guests: route.guests });
  }
  parseInput(found.route.paramsSchema, found.params);
  if (route.auth === 'terminal')
    call.terminal = await container.auth.terminals.authenticateTerminal(request.headers.get(TERMINAL_TOKEN_HEADER));
  if (route.auth === 'client')
    call.serviceCaller = await container.auth.serviceClients.authenticateClient(request.headers.get('authorization'));
  const result = await binding(call);
  if (result instanceof Answer) {
    return result.body instanceof JsonStream
      ? streamedJsonResponse(result.body.pieces, result.status, result.headers)
      : jsonResponse(result.body, result.status, result.headers);
  }
  return route.result === undefined ? noContent() : jsonResponse(result, route.resultStatuses[0]);
}

/** Answers one request under /api/v1, counted under its route's template. */
export async function dispatch(request: Request): Promise<Response> {
  const started = performance.now();
  const path = new URL(request.url).pathname.slice(API_PREFIX.length) || '/';
  const found = findRoute(request.method, path);
  const response = withApiHeaders(await answerFound(request, path, found), request, 'rest');
  const route = 'route' in found ? `${API_PREFIX}${found.route.route.path}` : UNMATCHED_ROUTE;
  recordRequest({
    route,
    method: request.method,
    status: response.status,
    seconds: (performance.now() - started) / 1000,
  });
  return response;
}

async function answerFound(request: Request, path: string, found: Found | { allow: string[] }): Promise<Response> {
  let container: Container | undefined;
  const deferred: StartDeferred[] = [];
  try {
    if ('allow' in found) {
      if (found.allow.length === 0) return problemResponse(new AuthError('not_found', NO_SUCH_ROUTE));
      if (request.method === 'OPTIONS') return optionsAnswer(request, found.allow);
      const allow = found.allow.join(', ');
      return problemResponse(new AuthError('method_not_allowed', `Use ${allow}.`), { allow });
    }
    container = getContainer();
    const ready = container;
    return await collectDeferred(deferred, () => answer(ready, request, found));
  } catch (error) {
    if (error instanceof AuthError) return problemResponse(error);
    return problemResponse(await faultToAuthError(error, container, `${request.method} ${path}`));
  } finally {
    // Deferred work (reset mail) starts once the answer is out, so it can neither slow nor time it.
    if (deferred.length > 0) after(() => deferred.forEach((start) => start()));
  }
}

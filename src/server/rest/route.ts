// Builds Next.js route handlers that parse, call the auth service and map its errors: the whole
// REST adapter. Methods a route does not serve answer 405 problem+json.
import { after } from 'next/server';
import type { z } from 'zod';
import { AuthError } from '@/core/errors';
import type { ClientInfo } from '@/core/ports';
import { roleSchema, type Role } from '@/core/schemas';
import { parseInput } from '@/core/validation';
import { bearerTokenOf, clientInfoOf, missingBearer } from '../client-info';
import { getContainer, type Container } from '../container';
import { collectDeferred, type StartDeferred } from '../deferred-tasks';
import { faultToAuthError } from '../faults';
import { recordRequest } from '../metrics';
import { readJsonBody } from './body';
import { routeTemplateOf } from './route-template';
import { jsonResponse, problemResponse } from './responses';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

type RouteParams = { params: Promise<Record<string, string | string[] | undefined>> };

export interface RouteContext {
  request: Request;
  params: Record<string, string | string[] | undefined>;
  container: Container;
  client: ClientInfo;
  /** The JSON body validated by `schema`. */
  body<T extends z.ZodType>(schema: T): Promise<z.output<T>>;
  /** The `[role]` path segment; unknown roles are 404. */
  role(): Role;
  /** The bearer token of the Authorization header. */
  bearer(): string;
}

type Handler = (ctx: RouteContext) => Promise<Response | object>;
type NextHandler = (request: Request, context: RouteParams) => Promise<Response>;

async function run(handler: Handler, request: Request, context: RouteParams, roles?: readonly Role[]): Promise<Response> {
  const started = performance.now();
  const response = await answer(handler, request, context, roles);
  const params = await Promise.resolve(context.params).catch(() => undefined);
  const route = routeTemplateOf(new URL(request.url).pathname, params ?? {});
  recordRequest({ route, method: request.method, status: response.status, seconds: (performance.now() - started) / 1000 });
  return response;
}

async function answer(handler: Handler, request: Request, context: RouteParams, roles?: readonly Role[]): Promise<Response> {
  let container: Container | undefined;
  const deferred: StartDeferred[] = [];
  try {
    container = getContainer();
    const c = container;
    const params = (await context.params) ?? {};
    const ctx: RouteContext = {
      request,
      params,
      container: c,
      client: clientInfoOf(request.headers, c.config.trustProxyHops),
      body: async (schema) => parseInput(schema, await readJsonBody(request, c.config.maxBodyBytes)),
      role: () => {
        const parsed = roleSchema.safeParse(params.role);
        if (!parsed.success) throw new AuthError('not_found', 'No such route.');
        return parsed.data;
      },
      bearer: () => {
        const token = bearerTokenOf(request.headers);
        if (!token) throw missingBearer();
        return token;
      },
    };
    // A path that names a role the route does not serve does not exist, whatever the method.
    if (params.role !== undefined && !(roles ?? ['admin', 'vendor']).includes(ctx.role())) {
      throw new AuthError('not_found', 'No such route.');
    }
    const result = await collectDeferred(deferred, () => handler(ctx));
    return result instanceof Response ? result : jsonResponse(result);
  } catch (error) {
    if (error instanceof AuthError) return problemResponse(error);
    return problemResponse(await faultToAuthError(error, container, `${request.method} ${new URL(request.url).pathname}`));
  } finally {
    // Deferred work (reset mail) starts once the answer is out, so it can neither slow nor time it.
    if (deferred.length > 0) after(() => deferred.forEach((start) => start()));
  }
}

/** Route handlers for `handlers`, with every other method answering 405. */
export function restRoute(handlers: Partial<Record<Method, Handler>>, options: { roles?: readonly Role[] } = {}): Record<Method, NextHandler> {
  const allow = Object.keys(handlers).join(', ');
  const notAllowed: Handler = async () => problemResponse(new AuthError('method_not_allowed', `Use ${allow}.`), { allow });
  return Object.fromEntries(
    METHODS.map((m) => [m, (request: Request, context: RouteParams) => run(handlers[m] ?? notAllowed, request, context, options.roles)]),
  ) as Record<Method, NextHandler>;
}

// The pages' procedures, derived from the route table: each route of a role (but signing in and
// out, which move the refresh token through a cookie) becomes a procedure of the same name, whose
// input is the route's path parameters, query and body in one flat object, answered by the same
// binding as the REST route.
import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { Role } from '@/contract/auth-schemas';
import { pathParameterNames, pathParametersSchema, type ParamsOf, type RestRoute } from '@/contract/route';
import { ROUTES, type Routes } from '@/contract/routes';
import { parseInput } from '@/core/validation';
import { openApiDocument } from '../openapi/document';
import { Answer, BINDINGS, JsonStream, type Binding, type RouteCall } from '../rest/bindings';
import type { Context } from './context';
import { passedInput, protectedProcedure, publicProcedure } from './init';

/**
 * Kept out: login and a password change set the cookie, refresh and logout read it at the session
 * endpoint; a customer's code verifications, the second-factor step and a confirmation while
 * enrolling sign in too, so their pair must never reach page script. Starting a provider's flow
 * from the pages sets the cookie that binds it to the browser, with the pages' own redirect URI. A
 * guest session's refresh token goes into a cookie of its own.
 */
const COOKIE_ROUTES = [
  'login',
  'refresh',
  'logout',
  'changePassword',
  'verifyRegistration',
  'verifyLoginCode',
  'mfaVerify',
  'totpConfirm',
  'passkeyRegisterVerify',
  'passkeyLoginVerify',
  'oidcStart',
  'identityLinkStart',
  'acceptInvitation',
  'startGuest',
] as const;
type CookieRoute = (typeof COOKIE_ROUTES)[number];

type Empty = Record<never, never>;
type Parts<R extends RestRoute> = ([ParamsOf<R['path']>] extends [never]
  ? Empty
  : Record<ParamsOf<R['path']>, string>) &
  ([NonNullable<R['query']>] extends [never] ? Empty : z.input<NonNullable<R['query']>>) &
  (R['body'] extends z.ZodType ? z.input<R['body']> : Empty);
/** The keys of any member of a union (a body that is one of several shapes has no key common to all). */
type KeysOfAny<T> = T extends unknown ? keyof T : never;
/** A route's path parameters, query and body as one object; nothing at all for routes with none. */
export type FlatInputOf<R extends RestRoute> = [KeysOfAny<Parts<R>>] extends [never] ? void : Parts<R>;
type OutputOf<R extends RestRoute> = R['result'] extends z.ZodType ? z.output<R['result']> : { success: true };
type Procedure<R extends RestRoute> = R['methods'][0] extends 'GET'
  ? TRPCQueryProcedure<{ input: FlatInputOf<R>; output: OutputOf<R>; meta: object }>
  : TRPCMutationProcedure<{ input: FlatInputOf<R>; output: OutputOf<R>; meta: object }>;
export type RouteProcedures<S extends Role> = {
  [K in Exclude<keyof Routes[S], CookieRoute>]: Routes[S][K] extends RestRoute ? Procedure<Routes[S][K]> : never;
};

const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function procedureFor(role: Role, route: RestRoute, binding: Binding<RestRoute>) {
  const names = pathParameterNames(route.path);
  const paramsSchema = pathParametersSchema(route.path);
  const resolve = async ({
    ctx,
    input,
  }: {
    ctx: Context & { principal?: RouteCall['principal'] };
    input: Record<string, unknown>;
  }) => {
    // The same id bounds as the REST dispatcher's: a missing or absurd id is validation_failed.
    const params = parseInput(paramsSchema, Object.fromEntries(names.map((name) => [name, stringOf(input[name])])));
    const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !names.includes(key)));
    const call: RouteCall = {
      auth: ctx.auth,
      client: ctx.client,
      params,
      query: route.methods[0] === 'GET' ? (rest as Record<string, string>) : {},
      principal: ctx.principal as RouteCall['principal'],
      bearerToken: ctx.accessToken,
      // Terminal routes are not procedures: the pages reach them through their own endpoint.
      terminal: undefined as never,
      serviceCaller: undefined as never, // nor are the platform services' routes
      body: async () => rest,
      input: async () => (route.body ? parseInput(route.body, rest) : undefined) as never,
      databaseHealthy: async () => true,
      openapiDocument: openApiDocument,
    };
    const result = await binding(call);
    if (result instanceof Answer) return result.body instanceof JsonStream ? result.body.whole() : result.body;
    return result ?? { success: true as const };
  };
  const base = (route.auth === 'bearer' ? protectedProcedure(role, { guests: route.guests }) : publicProcedure).input(
    passedInput(),
  );
  return route.methods[0] === 'GET' ? base.query(resolve) : base.mutation(resolve);
}

/** Every route of `role` but the cookie ones, as procedures of the same names. */
export function routeProcedures<S extends Role>(role: S): RouteProcedures<S> {
  const routes = ROUTES[role] as Record<string, RestRoute>;
  const bindings = BINDINGS[role] as Record<string, Binding<RestRoute>>;
  const entries = Object.keys(routes)
    .filter((key) => !(COOKIE_ROUTES as readonly string[]).includes(key))
    .map((key): [string, unknown] => [key, procedureFor(role, routes[key]!, bindings[key]!)]);
  const procedures: Record<string, unknown> = Object.fromEntries(entries);
  return procedures as RouteProcedures<S>;
}

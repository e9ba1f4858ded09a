// What a REST route is, as data: method, path, role, how the caller authenticates, its schemas and
// the statuses it answers. The route table (routes.ts) is made of these; the server's dispatcher,
// the OpenAPI document and the typed client all read it.
import { z } from 'zod';
import type { Role } from './auth-schemas';
import type { ErrorCode } from './error-catalogue';

/** Where every route's path starts: the version is in the path. */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `bearer`: an access token of `role`; `bearer_or_mfa_token`: an access token, or, while enrolling a
 * second factor at sign-in, the login's `mfa_token` in the body; `terminal`: a paired device's
 * X-Terminal-Token; `client`: a service client's id and secret by HTTP Basic; `none`.
 */
export type RouteAuth = 'bearer' | 'bearer_or_mfa_token' | 'terminal' | 'client' | 'none';

export interface RestRoute<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Result extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Path extends string = string,
  Auth extends RouteAuth = RouteAuth,
  Methods extends readonly [HttpMethod, ...HttpMethod[]] = readonly [HttpMethod, ...HttpMethod[]],
> {
  /** The methods the route serves; the client uses the first. */
  methods: Methods;
  /** Relative to the API root (`/api/v1`); `{name}` segments are path parameters. */
  path: Path;
  /**
   * The role whose token the route takes (bearer routes) or whose account it acts on; null for the service's own
   * routes.
   */
  role: Role | null;
  /**
   * `bearer` routes need an access token of `role`, and only they refresh on 401; `terminal` routes a paired device's
   * credential.
   */
  auth: Auth;
  /** A `bearer` route that a guest session's access token passes too (it needs no account); any other refuses one. */
  guests?: true;
  body: Body;
  /** How the body is sent: JSON (default), or form-encoded where a standard says so (RFC 7662). */
  bodyEncoding?: 'json' | 'form';
  /** The query string's parameters, as one object schema. */
  query?: Query;
  /** The success body; undefined for routes that answer 204. */
  result: Result;
  /** Statuses that carry `result` rather than a problem (health answers 503 with its body). */
  resultStatuses: readonly number[];
  /** Error codes this route answers with, besides method_not_allowed and internal, which every route can. */
  errors: readonly ErrorCode[];
  summary: string;
  description: string;
}

/** The names of a path's `{name}` segments, as a union of string literals. */
export type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamsOf<Rest>
  : never;

export function route<
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends string = string,
  A extends RouteAuth = RouteAuth,
  const M extends readonly [HttpMethod, ...HttpMethod[]] = readonly [HttpMethod, ...HttpMethod[]],
>(r: RestRoute<B, R, Q, P, A, M>): RestRoute<B, R, Q, P, A, M> {
  return r;
}

/** What reading a JSON body can fail with, on every route that takes one. */
export const BODY_ERRORS = ['validation_failed', 'payload_too_large', 'unsupported_media_type'] as const;

/** What a route guarded by the proof-of-work challenge answers besides its own, while one is asked for. */
export const CHALLENGE_ERRORS = ['challenge_required', 'invalid_challenge'] as const;

// Path parameters: every `{name}` segment is an id (a UUID today); the bound keeps an unknown id a
// cheap 404 and an absurd one a 400 naming the parameter, in the dispatcher and the document alike.
export const PATH_PARAMETER_MAX_LENGTH = 100;
export const pathParameter = z
  .string()
  .min(1)
  .max(PATH_PARAMETER_MAX_LENGTH)
  .meta({ description: 'An id, as listed by the API.' });

/** The names of a path template's `{name}` segments, in order. */
export const pathParameterNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);

/** The schema of a route's path parameters, one `pathParameter` each. */
export const pathParametersSchema = (path: string) =>
  z.object(Object.fromEntries(pathParameterNames(path).map((name) => [name, pathParameter])));

/** The error codes a route answers with: its own, and validation_failed for a malformed path parameter. */
export const errorsOf = (route: RestRoute): readonly ErrorCode[] =>
  pathParameterNames(route.path).length > 0 && !route.errors.includes('validation_failed')
    ? [...route.errors, 'validation_failed']
    : route.errors;

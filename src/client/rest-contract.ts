// The REST contract as data: every route under /api/v1 with its method, schemas, auth and error
// codes. The typed client calls through it and the OpenAPI document is generated from it, so the
// two cannot describe different APIs. Pure: zod and the core's schemas only.
import type { z } from 'zod';
import type { ErrorCode } from '../core/errors';
import {
  adminLoginResponse,
  adminMeResponse,
  adminResetRequest,
  adminResetVerifyRequest,
  changePasswordRequest,
  healthResponse,
  loginRequest,
  logoutRequest,
  refreshRequest,
  resetCompleteRequest,
  resetCompleteResponse,
  resetRequestResponse,
  resetVerifyResponse,
  tokenPair,
  vendorContext,
  vendorLoginResponse,
  vendorMeResponse,
  vendorResetRequest,
  vendorResetVerifyRequest,
  type Role,
} from '../core/schemas';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RestRoute<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Result extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Path extends string = string,
> {
  /** The methods the route serves; the client uses the first. */
  methods: readonly [HttpMethod, ...HttpMethod[]];
  /** Relative to the API root (`/api/v1`); `{name}` segments are path parameters. */
  path: Path;
  /** `bearer` routes need an access token, and only they refresh on 401 (seed section 5). */
  auth: 'bearer' | 'none';
  body: Body;
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
export type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamsOf<Rest> : never;

export function route<B extends z.ZodType | undefined, R extends z.ZodType | undefined, Q extends z.ZodType | undefined = undefined, P extends string = string>(
  r: RestRoute<B, R, Q, P>,
): RestRoute<B, R, Q, P> {
  return r;
}

/** What reading a JSON body can fail with, on every route that takes one. */
export const BODY_ERRORS = ['validation_failed', 'payload_too_large', 'unsupported_media_type'] as const;

function authRoutes<L extends z.ZodType, M extends z.ZodType, RR extends z.ZodType, RV extends z.ZodType>(
  role: Role,
  schemas: { loginResult: L; meResult: M; resetRequest: RR; resetVerify: RV },
) {
  const base = `/auth/${role}`;
  const typeField = role === 'admin' ? 'admin_type' : 'vendor_type';
  return {
    login: route({
      methods: ['POST'], path: `${base}/login`, auth: 'none', body: loginRequest, result: schemas.loginResult, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_credentials', 'account_disabled', 'rate_limited'],
      summary: `Sign in as ${role}`,
      description: 'E-mail and password for a token pair and the profile. Unknown e-mail and wrong password answer alike; 403 only after a correct password.',
    }),
    refresh: route({
      methods: ['POST'], path: `${base}/refresh`, auth: 'none', body: refreshRequest, result: tokenPair, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_refresh_token'],
      summary: `Rotate the refresh token (${role})`,
      description: 'Retires the presented refresh token and returns a new pair. The same token again within the reuse grace gets the identical successor; later, it revokes its whole family.',
    }),
    logout: route({
      methods: ['POST'], path: `${base}/logout`, auth: 'none', body: logoutRequest, result: undefined, resultStatuses: [204],
      errors: [...BODY_ERRORS, 'invalid_refresh_token'],
      summary: `Sign out (${role})`,
      description: 'Revokes the whole family of the given refresh token. Access tokens already issued live until they expire.',
    }),
    me: route({
      methods: ['GET'], path: `${base}/me`, auth: 'bearer', body: undefined, result: schemas.meResult, resultStatuses: [200],
      errors: ['invalid_token'],
      summary: `The signed-in ${role}'s profile`,
      description: 'The profile as login returned it, read afresh from the account.',
    }),
    changePassword: route({
      methods: ['POST'], path: `${base}/password`, auth: 'bearer', body: changePasswordRequest, result: tokenPair, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_credentials', 'rate_limited'],
      summary: `Change your own password (${role})`,
      description: 'The current and a new password. A wrong current password is 401 invalid_credentials and counts as a failed sign-in. Every earlier session ends; the answer is a new pair, and the account is mailed a notice.',
    }),
    requestReset: route({
      methods: ['POST'], path: `${base}/password-reset`, auth: 'none', body: schemas.resetRequest, result: resetRequestResponse, resultStatuses: [200],
      errors: [...BODY_ERRORS],
      summary: `Password reset step 1: e-mail a code (${role})`,
      description: `E-mail and ${typeField}. The same answer for every well-formed request, whether or not the account exists; never 429.`,
    }),
    verifyReset: route({
      methods: ['POST'], path: `${base}/password-reset/verify`, auth: 'none', body: schemas.resetVerify, result: resetVerifyResponse, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_code'],
      summary: `Password reset step 2: a code for a reset token (${role})`,
      description: 'A wrong, expired or spent code is 401 invalid_code; clients must not treat it as an expired session. Five wrong codes spend the code.',
    }),
    completeReset: route({
      methods: ['POST'], path: `${base}/password-reset/complete`, auth: 'none', body: resetCompleteRequest, result: resetCompleteResponse, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_reset_token'],
      summary: `Password reset step 3: set a new password (${role})`,
      description: 'Replaces the password, spends the reset token and ends every session of the account.',
    }),
  };
}

export const restContract = {
  admin: authRoutes('admin', { loginResult: adminLoginResponse, meResult: adminMeResponse, resetRequest: adminResetRequest, resetVerify: adminResetVerifyRequest }),
  vendor: {
    ...authRoutes('vendor', { loginResult: vendorLoginResponse, meResult: vendorMeResponse, resetRequest: vendorResetRequest, resetVerify: vendorResetVerifyRequest }),
    context: route({
      methods: ['GET', 'POST'], path: '/auth/vendor/context', auth: 'bearer', body: undefined, result: vendorContext, resultStatuses: [200],
      errors: ['invalid_token'],
      summary: 'The point-of-sale and store context',
      description: 'The stores the caller may work in and their terminals. A valid vendor access token suffices: no module check.',
    }),
  },
  health: route({
    methods: ['GET'], path: '/health', auth: 'none', body: undefined, result: healthResponse, resultStatuses: [200, 503],
    errors: [],
    summary: 'Health',
    description: '200 with status "ok" while the database answers, 503 with status "unavailable" while it does not.',
  }),
};

export type RestContract = typeof restContract;
export type RoleRoutes<R extends Role> = RestContract[R];

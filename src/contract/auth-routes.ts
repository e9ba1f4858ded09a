// The routes of signing in, tokens, profiles and password reset for each role, the vendor context,
// and the service's own routes (health, this API's description).
import type { z } from 'zod';
import {
  adminLoginResponse,
  adminMeResponse,
  adminResetRequest,
  adminResetVerifyRequest,
  changePasswordRequest,
  healthResponse,
  jwksResponse,
  openapiDocument,
  loginRequest,
  logoutRequest,
  notMeRequest,
  notMeResponse,
  refreshRequest,
  resetCompleteRequest,
  resetCompleteResponse,
  resetRequestResponse,
  resetVerifyResponse,
  tokenPair,
  updateMeRequest,
  vendorContext,
  vendorLoginResponse,
  vendorMeResponse,
  vendorResetRequest,
  vendorResetVerifyRequest,
  type Role,
} from './auth-schemas';
import { roleFactorRoutes } from './factor-routes';
import {
  adminLoginAnswer,
  adminTotpConfirmResponse,
  vendorLoginAnswer,
  vendorTotpConfirmResponse,
} from './factor-schemas';
import { adminPasskeyRegisterResponse, vendorPasskeyRegisterResponse } from './passkey-schemas';
import { ENROLLING_REGISTRATION, rolePasskeyRoutes } from './passkey-routes';
import { BODY_ERRORS, CHALLENGE_ERRORS, route } from './route';

export function roleAuthRoutes<L extends z.ZodType, M extends z.ZodType, RR extends z.ZodType, RV extends z.ZodType>(
  role: Role,
  schemas: { loginResult: L; meResult: M; resetRequest: RR; resetVerify: RV },
) {
  const base = `/auth/${role}`;
  const identity = { admin: 'E-mail and admin_type', vendor: 'E-mail and vendor_type', customer: 'The e-mail' }[role];
  // A customer's right password on an address not yet verified is 403 email_not_verified.
  const unverified = role === 'customer' ? (['email_not_verified'] as const) : [];
  // Staff with a second factor that must have one and hold only passkeys are 403 forbidden at a password sign-in.
  const secondFactor = role === 'customer' ? [] : (['forbidden'] as const);
  return {
    login: route({
      role,
      methods: ['POST'],
      path: `${base}/login`,
      auth: 'none',
      body: loginRequest,
      result: schemas.loginResult,
      resultStatuses: [200],
      errors: [
        ...BODY_ERRORS,
        ...CHALLENGE_ERRORS,
        'invalid_credentials',
        'account_disabled',
        ...secondFactor,
        'rate_limited',
        ...unverified,
      ],
      summary: `Sign in as ${role}`,
      description: `E-mail and password for a token pair and the profile. Unknown e-mail and wrong password answer alike; 403 only after a correct password.${role === 'customer' ? '' : SECOND_STEP}`,
    }),
    refresh: route({
      role,
      methods: ['POST'],
      path: `${base}/refresh`,
      auth: 'none',
      body: refreshRequest,
      result: tokenPair,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_refresh_token'],
      summary: `Rotate the refresh token (${role})`,
      description:
        'Retires the presented refresh token and returns a new pair. The same token again within the reuse grace gets the identical successor; later, it revokes its whole family.',
    }),
    logout: route({
      role,
      methods: ['POST'],
      path: `${base}/logout`,
      auth: 'none',
      body: logoutRequest,
      result: undefined,
      resultStatuses: [204],
      errors: [...BODY_ERRORS, 'invalid_refresh_token'],
      summary: `Sign out (${role})`,
      description:
        'Revokes the whole family of the given refresh token. Access tokens issued to that sign-in are refused from the next request on, by every instance of this service (services that verify them on their own accept them until they expire).',
    }),
    me: route({
      role,
      methods: ['GET'],
      path: `${base}/me`,
      auth: 'bearer',
      body: undefined,
      result: schemas.meResult,
      resultStatuses: [200],
      errors: ['invalid_token'],
      summary: `The signed-in ${role}'s profile`,
      description: 'The profile as login returned it, read afresh from the account.',
    }),
    changePassword: route({
      role,
      methods: ['POST'],
      path: `${base}/password`,
      auth: 'bearer',
      body: changePasswordRequest,
      result: tokenPair,
      resultStatuses: [200],
      errors: [
        ...BODY_ERRORS,
        'invalid_token',
        'invalid_credentials',
        'rate_limited',
        ...(role === 'vendor' ? (['step_up_required'] as const) : []),
      ],
      summary: `Change your own password (${role})`,
      description:
        'The current and a new password. A wrong current password is 401 invalid_credentials and counts as a failed sign-in. Every earlier session ends; the answer is a new pair, and the account is mailed a notice.',
    }),
    requestReset: route({
      role,
      methods: ['POST'],
      path: `${base}/password-reset`,
      auth: 'none',
      body: schemas.resetRequest,
      result: resetRequestResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS],
      summary: `Password reset step 1: e-mail a code (${role})`,
      description: `${identity}. The same answer for every well-formed request, whether or not the account exists; never 429.`,
    }),
    verifyReset: route({
      role,
      methods: ['POST'],
      path: `${base}/password-reset/verify`,
      auth: 'none',
      body: schemas.resetVerify,
      result: resetVerifyResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_code'],
      summary: `Password reset step 2: a code for a reset token (${role})`,
      description:
        'A wrong, expired or spent code is 401 invalid_code; clients must not treat it as an expired session. Five wrong codes spend the code.',
    }),
    completeReset: route({
      role,
      methods: ['POST'],
      path: `${base}/password-reset/complete`,
      auth: 'none',
      body: resetCompleteRequest,
      result: resetCompleteResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_reset_token'],
      summary: `Password reset step 3: set a new password (${role})`,
      description: 'Replaces the password, spends the reset token and ends every session of the account.',
    }),
    notMe: route({
      role,
      methods: ['POST'],
      path: `${base}/not-me`,
      auth: 'none',
      body: notMeRequest,
      result: notMeResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_link'],
      summary: `"This wasn't me": end a sign-in from a new device (${role})`,
      description:
        "The token of a new-device mail's link, once: that sign-in ends at once (its access tokens are refused from the next request on) and a password reset starts, its code mailed as step 1 mails it. A wrong, expired or spent token is 401 invalid_link.",
    }),
  };
}

const SECOND_STEP =
  ' An account with a second factor gets {mfa_required, mfa_token, methods} instead (then mfa/verify); one whose type requires a factor and has none gets {mfa_enrollment_required, mfa_token} (then mfa/totp/setup and mfa/totp/confirm, or a passkey); one that must have a factor and has only passkeys is 403 forbidden: it signs in with a passkey.';

/**
 * A staff role's routes: the common ones with a login that may answer the second step, and its factor and passkey
 * routes.
 */
function staffAuthRoutes<
  L extends z.ZodType,
  A extends z.ZodType,
  C extends z.ZodType,
  P extends z.ZodType,
  M extends z.ZodType,
  RR extends z.ZodType,
  RV extends z.ZodType,
>(
  role: 'admin' | 'vendor',
  schemas: {
    loginResult: L;
    loginAnswer: A;
    confirmResult: C;
    registerResult: P;
    meResult: M;
    resetRequest: RR;
    resetVerify: RV;
  },
) {
  return {
    ...roleAuthRoutes(role, { ...schemas, loginResult: schemas.loginAnswer }),
    updateMe: route({
      role,
      methods: ['PATCH'],
      path: `/auth/${role}/me`,
      auth: 'bearer',
      body: updateMeRequest,
      result: schemas.meResult,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token'],
      summary: `Change your own settings (${role})`,
      description:
        'The language (`locale`) of your pages and mails, one of en, de, fr, es, ar; the answer is the profile with it. Until one is saved, pages and mails follow the Accept-Language of the request.',
    }),
    ...roleFactorRoutes(role, schemas),
    ...rolePasskeyRoutes(role, { ...schemas, ...ENROLLING_REGISTRATION }),
  };
}

/** Signing in, tokens, profile and password reset of each role; the vendor context; the service's own routes. */
export const authRoutes = {
  admin: staffAuthRoutes('admin', {
    loginResult: adminLoginResponse,
    loginAnswer: adminLoginAnswer,
    confirmResult: adminTotpConfirmResponse,
    registerResult: adminPasskeyRegisterResponse,
    meResult: adminMeResponse,
    resetRequest: adminResetRequest,
    resetVerify: adminResetVerifyRequest,
  }),
  vendor: {
    ...staffAuthRoutes('vendor', {
      loginResult: vendorLoginResponse,
      loginAnswer: vendorLoginAnswer,
      confirmResult: vendorTotpConfirmResponse,
      registerResult: vendorPasskeyRegisterResponse,
      meResult: vendorMeResponse,
      resetRequest: vendorResetRequest,
      resetVerify: vendorResetVerifyRequest,
    }),
    context: route({
      role: 'vendor',
      methods: ['GET', 'POST'],
      path: '/auth/vendor/context',
      auth: 'bearer',
      body: undefined,
      result: vendorContext,
      resultStatuses: [200],
      errors: ['invalid_token'],
      summary: 'The point-of-sale and store context',
      description:
        'The stores the caller may work in and their terminals. A valid vendor access token suffices: no module check.',
    }),
  },
  service: {
    health: route({
      role: null,
      methods: ['GET'],
      path: '/health',
      auth: 'none',
      body: undefined,
      result: healthResponse,
      resultStatuses: [200, 503],
      errors: [],
      summary: 'Health',
      description: 'The readiness probe under its first name: see healthReady.',
    }),
    healthReady: route({
      role: null,
      methods: ['GET'],
      path: '/health/ready',
      auth: 'none',
      body: undefined,
      result: healthResponse,
      resultStatuses: [200, 503],
      errors: [],
      summary: 'Readiness',
      description:
        '200 with status "ok" when the instance should get work; 503 with status "draining" once it is shutting down, or "unavailable" while the database does not answer. Load balancers check this.',
    }),
    healthLive: route({
      role: null,
      methods: ['GET'],
      path: '/health/live',
      auth: 'none',
      body: undefined,
      result: healthResponse,
      resultStatuses: [200],
      errors: [],
      summary: 'Liveness',
      description: '200 with status "ok" while the process serves requests, draining or not.',
    }),
    jwks: route({
      role: null,
      methods: ['GET'],
      path: '/.well-known/jwks.json',
      auth: 'none',
      body: undefined,
      result: jwksResponse,
      resultStatuses: [200],
      errors: [],
      summary: 'Access-token verification keys',
      description:
        'The public keys that verify access tokens now (JWKS, RFC 7517): the current key and, during a rotation, the previous one, each with kid, alg and use "sig". Empty under JWT_ACCESS_ALGORITHM=HS256, whose secret is never published. Cacheable for 5 minutes; no authentication.',
    }),
    openapi: route({
      role: null,
      methods: ['GET'],
      path: '/openapi.json',
      auth: 'none',
      body: undefined,
      result: openapiDocument,
      resultStatuses: [200],
      errors: [],
      summary: 'This description',
      description:
        'The OpenAPI 3.1 document of every route, generated from the same route table the service dispatches on.',
    }),
  },
};

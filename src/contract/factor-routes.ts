// The routes of second factors for each role: the step after the password, authenticator-app
// enrolment and removal, and recovery codes.
import type { z } from 'zod';
import type { Role } from './auth-schemas';
import {
  mfaVerifyRequest,
  passwordConfirmation,
  recoveryCodesResponse,
  totpConfirmRequest,
  totpSetupRequest,
  totpSetupResponse,
} from './factor-schemas';
import { BODY_ERRORS, route } from './route';

/** While enrolling there is no access token yet: these routes take a Bearer token or the body's mfa_token. */
export const BEARER_OR_MFA_TOKEN =
  'Send `Authorization: Bearer <access token>`, or, while enrolling, the `mfa_token` the login answered in the body.';

/** A vendor's PIN session at a till may not touch its factors: it signs in with the password first. */
export const pinRefusalOf = (role: Role) => (role === 'vendor' ? (['step_up_required'] as const) : []);

export function roleFactorRoutes<L extends z.ZodType, C extends z.ZodType>(
  role: Role,
  schemas: { loginResult: L; confirmResult: C },
) {
  const { loginResult } = schemas;
  const base = `/auth/${role}/mfa`;
  const pinRefusal = pinRefusalOf(role);
  return {
    mfaVerify: route({
      role,
      methods: ['POST'],
      path: `${base}/verify`,
      auth: 'none',
      body: mfaVerifyRequest,
      result: loginResult,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_code', 'rate_limited'],
      summary: `Second step of a sign-in (${role})`,
      description:
        'The mfa_token and a code from the authenticator app, or a recovery code, for the login response. A wrong code is 401 invalid_code and counts as a failed sign-in; five wrong codes spend the mfa_token (then 401 invalid_token). A code is accepted once.',
    }),
    totpSetup: route({
      role,
      methods: ['POST'],
      path: `${base}/totp/setup`,
      auth: 'bearer_or_mfa_token',
      body: totpSetupRequest,
      result: totpSetupResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'conflict', ...pinRefusal],
      summary: `Start enrolling an authenticator app (${role})`,
      description: `A new secret, its otpauth URI and a QR code; nothing changes until mfa/totp/confirm. 409 when an app is already enrolled. ${BEARER_OR_MFA_TOKEN}`,
    }),
    totpConfirm: route({
      role,
      methods: ['POST'],
      path: `${base}/totp/confirm`,
      auth: 'bearer_or_mfa_token',
      body: totpConfirmRequest,
      result: schemas.confirmResult,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_code', 'conflict', 'rate_limited', ...pinRefusal],
      summary: `Finish enrolling an authenticator app (${role})`,
      description: `The first code from the app confirms the secret: the answer is 10 recovery codes, shown once, and, while enrolling, the login response as well. ${BEARER_OR_MFA_TOKEN}`,
    }),
    totpRemove: route({
      role,
      methods: ['DELETE'],
      path: `${base}/totp`,
      auth: 'bearer',
      body: passwordConfirmation,
      result: undefined,
      resultStatuses: [204],
      errors: [
        ...BODY_ERRORS,
        'invalid_token',
        'invalid_credentials',
        'forbidden',
        'not_found',
        'rate_limited',
        ...pinRefusal,
      ],
      summary: `Remove the authenticator app (${role})`,
      description:
        'Needs the password; the recovery codes go with it. 403 when the account type requires a second factor and none would remain.',
    }),
    regenerateRecoveryCodes: route({
      role,
      methods: ['POST'],
      path: `${base}/recovery-codes`,
      auth: 'bearer',
      body: passwordConfirmation,
      result: recoveryCodesResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_credentials', 'not_found', 'rate_limited', ...pinRefusal],
      summary: `New recovery codes (${role})`,
      description:
        'Needs the password and an enrolled authenticator app. 10 new codes, shown once; the earlier ones stop working.',
    }),
  };
}

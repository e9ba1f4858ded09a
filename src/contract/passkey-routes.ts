// The routes of passkeys for each role: registering (signed in, or while enrolling at sign-in),
// listing and removing them, and signing in with one instead of a password.
import type { z } from 'zod';
import type { Role } from './auth-schemas';
import { passkeyList, passkeyLoginOptionsRequest, passkeyLoginVerifyRequest, passkeyRegisterOptionsRequest, passkeyRegisterVerifyRequest, webauthnOptions } from './passkey-schemas';
import { BEARER_OR_MFA_TOKEN, pinRefusalOf } from './factor-routes';
import { BODY_ERRORS, route } from './route';

export function rolePasskeyRoutes<L extends z.ZodType, P extends z.ZodType>(role: Role, schemas: { loginResult: L; registerResult: P }) {
  const { loginResult } = schemas;
  const base = `/auth/${role}/passkeys`;
  const pinRefusal = pinRefusalOf(role);
  return {
    passkeyRegisterOptions: route({
      role, methods: ['POST'], path: `${base}/register/options`, auth: 'bearer_or_mfa_token', body: passkeyRegisterOptionsRequest, result: webauthnOptions, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', ...pinRefusal],
      summary: `Start registering a passkey (${role})`,
      description: `Options for navigator.credentials.create: a discoverable credential with user verification; the challenge is single use, valid 5 minutes. ${BEARER_OR_MFA_TOKEN}`,
    }),
    passkeyRegisterVerify: route({
      role, methods: ['POST'], path: `${base}/register/verify`, auth: 'bearer_or_mfa_token', body: passkeyRegisterVerifyRequest,
      result: schemas.registerResult, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_passkey', 'conflict', ...pinRefusal],
      summary: `Finish registering a passkey (${role})`,
      description: `The authenticator's answer and a name: the stored passkey, and, while enrolling, the login response as well. An answer that does not verify is 401 invalid_passkey. ${BEARER_OR_MFA_TOKEN}`,
    }),
    listPasskeys: route({
      role, methods: ['GET'], path: base, auth: 'bearer', body: undefined, result: passkeyList, resultStatuses: [200],
      errors: ['invalid_token', ...pinRefusal],
      summary: `Your passkeys (${role})`, description: 'Name, when added and when last used.',
    }),
    deletePasskey: route({
      role, methods: ['DELETE'], path: `${base}/{passkeyId}`, auth: 'bearer', body: undefined, result: undefined, resultStatuses: [204],
      errors: ['invalid_token', 'forbidden', 'not_found', ...pinRefusal],
      summary: `Remove a passkey (${role})`,
      description: '403 when the account type requires a second factor and none would remain.',
    }),
    passkeyLoginOptions: route({
      role, methods: ['POST'], path: `${base}/login/options`, auth: 'none', body: passkeyLoginOptionsRequest, result: webauthnOptions, resultStatuses: [200],
      errors: [...BODY_ERRORS],
      summary: `Start signing in with a passkey (${role})`,
      description: 'Options for navigator.credentials.get with user verification and no account named: the authenticator offers its discoverable credentials.',
    }),
    passkeyLoginVerify: route({
      role, methods: ['POST'], path: `${base}/login/verify`, auth: 'none', body: passkeyLoginVerifyRequest, result: loginResult, resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_passkey', 'account_disabled'],
      summary: `Sign in with a passkey (${role})`,
      description: 'The authenticator\'s signed answer for the login response, without a password. It satisfies MFA_REQUIRED: user verification is required. Every refusal is the same 401 invalid_passkey.',
    }),
  };
}

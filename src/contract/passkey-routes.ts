// The routes of passkeys for each role: registering (signed in, or, for staff, while enrolling at
// sign-in), listing, renaming and removing them, and signing in with one instead of a password.
import type { z } from 'zod';
import type { Role } from './auth-schemas';
import {
  passkeyList,
  passkeyLoginOptionsRequest,
  passkeyLoginVerifyRequest,
  passkeyRegisterOptionsRequest,
  passkeyRegisterVerifyRequest,
  passkeyRenameRequest,
  passkeyView,
  signedInPasskeyRegisterOptionsRequest,
  signedInPasskeyRegisterVerifyRequest,
  webauthnOptions,
} from './passkey-schemas';
import { BEARER_OR_MFA_TOKEN, pinRefusalOf } from './factor-routes';
import { BODY_ERRORS, route } from './route';

/** Staff may have to enrol a factor before their first session: the registration takes their mfa_token too. */
export const ENROLLING_REGISTRATION = {
  registerOptionsRequest: passkeyRegisterOptionsRequest,
  registerVerifyRequest: passkeyRegisterVerifyRequest,
};
/** Customers register passkeys only while signed in. */
export const SIGNED_IN_REGISTRATION = {
  registerOptionsRequest: signedInPasskeyRegisterOptionsRequest,
  registerVerifyRequest: signedInPasskeyRegisterVerifyRequest,
};

export function rolePasskeyRoutes<L extends z.ZodType, P extends z.ZodType, O extends z.ZodType, V extends z.ZodType>(
  role: Role,
  schemas: { loginResult: L; registerResult: P; registerOptionsRequest: O; registerVerifyRequest: V },
) {
  const { loginResult } = schemas;
  const base = `/auth/${role}/passkeys`;
  const pinRefusal = pinRefusalOf(role);
  const enrols = role !== 'customer';
  const credential = enrols ? ` ${BEARER_OR_MFA_TOKEN}` : '';
  // What refuses a removal: a staff type's required second factor, a customer's last way to sign in.
  const removalRefusal = enrols ? (['forbidden'] as const) : (['last_sign_in_method'] as const);
  return {
    passkeyRegisterOptions: route({
      role,
      methods: ['POST'],
      path: `${base}/register/options`,
      auth: enrols ? 'bearer_or_mfa_token' : 'bearer',
      body: schemas.registerOptionsRequest,
      result: webauthnOptions,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', ...pinRefusal],
      summary: `Start registering a passkey (${role})`,
      description: `Options for navigator.credentials.create: a discoverable credential with user verification; the challenge is single use, valid 5 minutes.${credential}`,
    }),
    passkeyRegisterVerify: route({
      role,
      methods: ['POST'],
      path: `${base}/register/verify`,
      auth: enrols ? 'bearer_or_mfa_token' : 'bearer',
      body: schemas.registerVerifyRequest,
      result: schemas.registerResult,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_passkey', 'conflict', ...pinRefusal],
      summary: `Finish registering a passkey (${role})`,
      description: `The authenticator's answer and a name: the stored passkey${enrols ? ', and, while enrolling, the login response as well' : ''}. An answer that does not verify is 401 invalid_passkey.${credential}`,
    }),
    listPasskeys: route({
      role,
      methods: ['GET'],
      path: base,
      auth: 'bearer',
      body: undefined,
      result: passkeyList,
      resultStatuses: [200],
      errors: ['invalid_token', ...pinRefusal],
      summary: `Your passkeys (${role})`,
      description: 'Name, when added and when last used.',
    }),
    renamePasskey: route({
      role,
      methods: ['PATCH'],
      path: `${base}/{passkeyId}`,
      auth: 'bearer',
      body: passkeyRenameRequest,
      result: passkeyView,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_token', 'not_found', ...pinRefusal],
      summary: `Rename a passkey (${role})`,
      description: 'The passkey with its new name.',
    }),
    deletePasskey: route({
      role,
      methods: ['DELETE'],
      path: `${base}/{passkeyId}`,
      auth: 'bearer',
      body: undefined,
      result: undefined,
      resultStatuses: [204],
      errors: ['invalid_token', ...removalRefusal, 'not_found', ...pinRefusal],
      summary: `Remove a passkey (${role})`,
      description: enrols
        ? '403 when the account type requires a second factor and none would remain.'
        : '409 last_sign_in_method when no password, linked identity or other passkey would remain.',
    }),
    passkeyLoginOptions: route({
      role,
      methods: ['POST'],
      path: `${base}/login/options`,
      auth: 'none',
      body: passkeyLoginOptionsRequest,
      result: webauthnOptions,
      resultStatuses: [200],
      errors: [...BODY_ERRORS],
      summary: `Start signing in with a passkey (${role})`,
      description:
        'Options for navigator.credentials.get with user verification and no account named: the authenticator offers its discoverable credentials.',
    }),
    passkeyLoginVerify: route({
      role,
      methods: ['POST'],
      path: `${base}/login/verify`,
      auth: 'none',
      body: passkeyLoginVerifyRequest,
      result: loginResult,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_passkey', 'account_disabled'],
      summary: `Sign in with a passkey (${role})`,
      description: `The authenticator's signed answer for the login response, without a password.${enrols ? ' It satisfies MFA_REQUIRED: user verification is required.' : ' User verification is required.'} Every refusal is the same 401 invalid_passkey.`,
    }),
  };
}

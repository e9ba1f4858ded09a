// Passkeys (WebAuthn) on the wire: the options the browser passes to navigator.credentials and the
// credential it answers, in the JSON form of @simplewebauthn/browser; each field bounded.
import { z } from 'zod';
import { adminLoginResponse, vendorLoginResponse } from './auth-schemas';
import { enrolmentMfaToken } from './factor-schemas';

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** What navigator.credentials.create or .get answered, as @simplewebauthn/browser encodes it. */
export const webauthnCredential = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(8192).optional(),
    authenticatorData: base64url(4096).optional(),
    signature: base64url(1024).optional(),
    userHandle: base64url(1024).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKey: base64url(4096).optional(),
    // A COSE algorithm identifier (RFC 9053): a signed 16-bit range covers every registered one.
    publicKeyAlgorithm: z.number().int().min(-65536).max(65535).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).optional(),
});

/** Options for the browser's WebAuthn call; passed on as they are. */
export const webauthnOptions = z.looseObject({ challenge: z.string() }).meta({
  description:
    'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser.',
});

const passkeyName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .meta({ description: "A name to tell this passkey from the account's others." });
export const passkeyRegisterOptionsRequest = z.object({ mfa_token: enrolmentMfaToken });
export const passkeyRegisterVerifyRequest = z.object({
  response: webauthnCredential,
  name: passkeyName,
  mfa_token: enrolmentMfaToken,
});
/** A customer registers passkeys only while signed in: no enrolment token. */
export const signedInPasskeyRegisterOptionsRequest = z.object({});
export const signedInPasskeyRegisterVerifyRequest = passkeyRegisterVerifyRequest.omit({ mfa_token: true });
export const passkeyRenameRequest = z.object({ name: passkeyName });
export const passkeyLoginOptionsRequest = z.object({});
export const passkeyLoginVerifyRequest = z.object({ response: webauthnCredential });

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const passkeyList = z.object({ items: z.array(passkeyView) });
export type PasskeyView = z.infer<typeof passkeyView>;

/** A registered passkey, plus the session while enrolling at sign-in. */
export const passkeyRegistered = z.object({ passkey: passkeyView });
export const adminPasskeyRegisterResponse = z.union([
  passkeyRegistered.extend(adminLoginResponse.shape),
  passkeyRegistered,
]);
export const vendorPasskeyRegisterResponse = z.union([
  passkeyRegistered.extend(vendorLoginResponse.shape),
  passkeyRegistered,
]);

// Second factors on the wire: the step after the password, authenticator-app enrolment and
// recovery codes. Field names are snake_case.
import { z } from 'zod';
import { adminLoginResponse, currentPasswordSchema, vendorLoginResponse } from './auth-schemas';

/** What an account can use at the second step. */
export const MFA_METHODS = ['totp', 'recovery_code'] as const;
export const RECOVERY_CODE_COUNT = 10;

export const mfaToken = z.string().min(1).max(4096).meta({
  description:
    'The token of the second step that a login with the right password answered; valid 5 minutes, for nothing else.',
});
/** The enrolment routes' other credential, for an account that has no session yet. */
export const enrolmentMfaToken = mfaToken.optional().meta({
  description:
    'Without an Authorization header: the mfa_token of a login that answered mfa_enrollment_required (the account must enrol a factor before it gets a session). With a Bearer token, leave it out.',
});
export const totpCode = z
  .string()
  .max(6)
  .regex(/^\d{6}$/, 'must be 6 digits')
  .meta({ description: 'The 6-digit code the authenticator app shows now.' });
export const recoveryCode = z
  .string()
  .trim()
  .min(8)
  .max(32)
  .meta({ description: 'One of the recovery codes shown at enrolment; each works once.' });

export const mfaChallenge = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  methods: z.array(z.enum(MFA_METHODS)).meta({ description: 'What the account can use at mfa/verify.' }),
});
export const mfaEnrollmentChallenge = z.object({
  mfa_enrollment_required: z.literal(true),
  mfa_token: z.string().meta({
    description: 'For mfa/totp/setup and mfa/totp/confirm: the account must enrol a factor before it gets a session.',
  }),
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;
export type MfaEnrollmentChallenge = z.infer<typeof mfaEnrollmentChallenge>;

export const mfaVerifyRequest = z
  .object({ mfa_token: mfaToken, code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: 'send either code or recovery_code',
    path: ['code'],
  });

export const totpSetupRequest = z.object({ mfa_token: enrolmentMfaToken });
export const totpSetupResponse = z.object({
  secret: z.string().meta({ description: 'The shared secret in base32, for typing into an authenticator app.' }),
  otpauth_uri: z.string(),
  qr_svg: z.string().meta({ description: 'The otpauth URI as a QR code (SVG markup).' }),
});
export const totpConfirmRequest = z.object({ code: totpCode, mfa_token: enrolmentMfaToken });
export const recoveryCodesResponse = z.object({
  recovery_codes: z
    .array(z.string())
    .length(RECOVERY_CODE_COUNT)
    .meta({ description: 'Shown this once; each works once and replaces any earlier ones.' }),
});
/** Removing a factor or replacing recovery codes: the account's password again. */
export const passwordConfirmation = z.object({ password: currentPasswordSchema });

/** What login answers: a session, or the second-factor step (or the enrolment step). */
export const adminLoginAnswer = z.union([adminLoginResponse, mfaChallenge, mfaEnrollmentChallenge]);
export const vendorLoginAnswer = z.union([vendorLoginResponse, mfaChallenge, mfaEnrollmentChallenge]);
/** What a confirmed enrolment answers: recovery codes, plus the session while enrolling at sign-in. */
export const adminTotpConfirmResponse = z.union([
  recoveryCodesResponse.extend(adminLoginResponse.shape),
  recoveryCodesResponse,
]);
export const vendorTotpConfirmResponse = z.union([
  recoveryCodesResponse.extend(vendorLoginResponse.shape),
  recoveryCodesResponse,
]);

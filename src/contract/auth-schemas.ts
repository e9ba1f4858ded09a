// The wire contract in zod: request and response bodies shared by the core, both adapters,
// the client for outside callers and the OpenAPI document. Field names are snake_case.
import { z } from 'zod';
import { challengeField } from './challenge-schemas';
import { ADMIN_TYPES, MODULES, PERMISSION_ACTIONS, VENDOR_TYPES } from './module-keys';
import { localeSchema } from './locales';

export const ROLES = ['admin', 'vendor', 'customer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN_LENGTH = 8;
/** Characters (code points), all of which count: passwords are pre-hashed before bcrypt. */
export const PASSWORD_MAX_LENGTH = 256;
/** Code points, so a 256-character password in any script fits. */
export const passwordLength = (password: string) => [...password].length;

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .toLowerCase()
  .pipe(z.email('must be an e-mail address'))
  .meta({ description: 'The account e-mail address, compared case-insensitively after trimming.' });

/** A new password: the policy that can be checked without the server's common-password list. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  // The documented bound (maxLength) and the one validation applies are this one schema's; zod
  // counts characters (code points), as the policy does.
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .meta({
    description: `At least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters, all of which count; one of the 10,000 most common passwords is refused.`,
  });

const tokenString = z.string().min(1).max(4096);
export const moduleKeySchema = z.enum(MODULES);
export const modulesSchema = z.array(moduleKeySchema).max(MODULES.length);
export const modulePermissionsSchema = z.partialRecord(
  moduleKeySchema,
  z.array(z.enum(PERMISSION_ACTIONS)).max(PERMISSION_ACTIONS.length),
);

// Requests
/** A password the caller already has (sign-in, or to confirm a change): any length up to a bound. */
export const currentPasswordSchema = z.string().min(1).max(1024);
/** An id in a path or a body: never empty, never longer than the service makes them. */
export const idSchema = z.string().trim().min(1).max(100);

export const loginRequest = z.object({ email: emailSchema, password: currentPasswordSchema, ...challengeField });
export const refreshRequest = z.object({ refresh_token: tokenString });
export const logoutRequest = refreshRequest;
export const adminResetRequest = z.object({ email: emailSchema, admin_type: z.enum(ADMIN_TYPES) });
export const vendorResetRequest = z.object({ email: emailSchema, vendor_type: z.enum(VENDOR_TYPES) });
// One check, so a code of the wrong length is one problem (a length check beside the pattern said
// it twice; an aborting one hides it inside the deletion's union). The bounds are the document's.
export const code = z
  .string()
  .regex(/^\d{6}$/, 'must be 6 digits')
  .meta({ description: 'The 6-digit code from the e-mail.', minLength: 6, maxLength: 6 });
export const adminResetVerifyRequest = adminResetRequest.extend({ code });
export const vendorResetVerifyRequest = vendorResetRequest.extend({ code });
export const resetCompleteRequest = z.object({ reset_token: tokenString, password: newPasswordSchema });
/** The link of a new-device mail, "This wasn't me". */
export const notMeRequest = z.object({
  token: z.string().min(1).max(200).meta({ description: "The token of the new-device mail's link." }),
});
/** A signed-in account changing its own password. */
export const changePasswordRequest = z.object({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema,
});

/** The e-mail and the claimed account type, whichever role's field carried it. */
export function resetIdentityOf(body: { email: string; admin_type?: string; vendor_type?: string }) {
  return { email: body.email, type: body.admin_type ?? body.vendor_type ?? '' };
}

export type LoginRequest = z.infer<typeof loginRequest>;
export type ResetCompleteRequest = z.infer<typeof resetCompleteRequest>;

// Responses
/** The second factors an account has; in the profile of login and /me answers. */
export const profileMfa = z
  .object({
    totp: z.boolean().meta({ description: 'Whether an authenticator app is enrolled.' }),
    passkeys: z.number().int().min(0).max(1000),
  })
  .meta({ description: "The account's second factors (login and /me answers)." });
/** The account's saved language, in login and /me answers; null: none saved (the browser's is used). */
export const profileLocale = localeSchema.nullable();
/** The caller's own settings: the language of its pages and mails. */
export const updateMeRequest = z.object({ locale: localeSchema });
export const adminProfile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  locale: profileLocale,
  admin_type: z.enum(ADMIN_TYPES),
  modules: z.array(z.string()),
  mfa: profileMfa.optional(),
});
export const vendorProfile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  locale: profileLocale,
  vendor_type: z.enum(VENDOR_TYPES),
  vendor_id: z.string(),
  vendor_name: z.string(),
  modules: z.array(z.string()),
  module_permissions: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .meta({ description: 'Employees only: the actions allowed per module key.' }),
  mfa: profileMfa.optional(),
});
export type AdminProfile = z.infer<typeof adminProfile>;
export type VendorProfile = z.infer<typeof vendorProfile>;

export const tokenPair = z.object({
  access_token: z.string().meta({ description: 'The access JWT, sent as `Authorization: Bearer <access_token>`.' }),
  refresh_token: z.string().meta({ description: 'For the refresh route of the same role; each use retires it.' }),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().min(1).max(2147483647).meta({ description: 'Lifetime of the access token in seconds.' }),
});
export type TokenPair = z.infer<typeof tokenPair>;

const deviceId = z.string().meta({
  description:
    'The device marker: send it as X-Device-Id at later sign-ins to this account, which then do not count toward the per-e-mail cap of failed sign-ins.',
});
export const adminLoginResponse = tokenPair.extend({ admin: adminProfile, device_id: deviceId });
export const vendorLoginResponse = tokenPair.extend({ vendor: vendorProfile, device_id: deviceId });
export const adminMeResponse = z.object({ admin: adminProfile });
export const vendorMeResponse = z.object({ vendor: vendorProfile });

export const vendorContext = z.object({
  vendor: z.object({ id: z.string(), name: z.string() }),
  user: vendorProfile,
  stores: z.array(z.object({ id: z.string(), name: z.string() })),
  pos_terminals: z.array(z.object({ id: z.string(), name: z.string(), store_id: z.string() })),
});
export type VendorContext = z.infer<typeof vendorContext>;

export const resetRequestResponse = z.object({ success: z.literal(true), message: z.string() });
export const resetVerifyResponse = z.object({
  success: z.literal(true),
  reset_token: z.string().meta({ description: 'A short-lived, single-use token for step 3.' }),
});
export const resetCompleteResponse = z.object({ success: z.literal(true) });
export const notMeResponse = z.object({ success: z.literal(true), message: z.string() });
export const healthResponse = z.object({ status: z.enum(['ok', 'draining', 'unavailable']) });
/** A JSON Web Key Set (RFC 7517) of public signing keys: OKP Ed25519 (EdDSA) or EC P-256 (ES256). */
export const jwksResponse = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.enum(['OKP', 'EC']),
      kid: z
        .string()
        .meta({ description: "The key's RFC 7638 thumbprint; an access token names its key in its `kid` header." }),
      alg: z.enum(['EdDSA', 'ES256']),
      use: z.literal('sig'),
      crv: z.enum(['Ed25519', 'P-256']),
      x: z.string(),
      y: z.string().optional(),
    }),
  ),
});
/** An OpenAPI 3.1 document: an object whose shape the OpenAPI specification fixes. */
export const openapiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

// The customers' wire contract in zod: registration, code sign-in, profile, e-mail change, deletion
// and export bodies, and the customer profile. Field names are snake_case.
import { z } from 'zod';
import { challengeField } from './challenge-schemas';
import { code, currentPasswordSchema, emailSchema, newPasswordSchema, profileLocale, tokenPair } from './auth-schemas';
import { localeSchema } from './locales';
import { pageQuery, session } from './administration-schemas';
import { auditEvent } from './audit-events';

const name = z.string().trim().min(1).max(200);

export const customerProfile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  locale: profileLocale,
  email_verified: z.boolean(),
  created_at: z.string().meta({ description: 'When the account was created (ISO 8601, UTC).' }),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

export const registerRequest = z.object({ email: emailSchema, password: newPasswordSchema, name, ...challengeField });
export const emailRequest = z.object({ email: emailSchema });
/** An e-mail that a code is mailed to (resend, sign-in code): under attack, with a solved challenge. */
export const codeMailRequest = z.object({ email: emailSchema, ...challengeField });
export const emailCodeRequest = z.object({ email: emailSchema, code });
/** The name, the language, or both. */
export const updateCustomerRequest = z
  .object({ name: name.optional(), locale: localeSchema.optional() })
  .refine((body) => body.name !== undefined || body.locale !== undefined, { message: 'name or locale is required' });
export const changeEmailRequest = z.object({ new_email: emailSchema, password: currentPasswordSchema });
export const codeRequest = z.object({ code });
/** Deleting the account: the password, or a sign-in code from `/login/code`. */
export const deleteCustomerRequest = z.union([
  z.object({ password: currentPasswordSchema }).strict(),
  z.object({ code }).strict(),
]);

/** The same body for every well-formed request of a route: it never says whether the e-mail is known. */
export const genericAnswer = z.object({ success: z.literal(true), message: z.string() });

/** A customer as administrators see it. */
export const customerAccount = customerProfile.extend({ disabled: z.boolean() });
export const customerListQuery = pageQuery.extend({
  query: z.string().trim().max(254).optional().meta({
    description:
      'Customers whose e-mail or name contains this text as typed, in any case (`%`, `_` and `\\` are plain characters).',
  }),
});

export const customerSignIn = tokenPair.extend({ customer: customerProfile });
export const customerLoginResponse = customerSignIn.extend({
  device_id: z
    .string()
    .meta({ description: 'The device marker: send it as X-Device-Id at later sign-ins to this account.' }),
});
export const customerMeResponse = z.object({ customer: customerProfile });
export const customerExport = z.object({
  customer: customerProfile,
  sessions: z.array(session),
  events: z.array(auditEvent),
  exported_at: z.string(),
});

// The wire contract of invitations: an admin or a business invites someone by e-mail with the
// rights the create routes take, and the invited person accepts by choosing a password.
import { z } from 'zod';
import { createAdminRequest, createEmployeeRequest, pageOf } from './administration-schemas';
import { newPasswordSchema, roleSchema } from './auth-schemas';
import { ADMIN_TYPES } from './module-keys';

// Requests: the create routes' bodies without the password, which only the invited person chooses.
export const adminInvitationRequest = createAdminRequest.omit({ password: true });
export const vendorInvitationRequest = createEmployeeRequest.omit({ password: true });
export type AdminInvitationRequest = z.output<typeof adminInvitationRequest>;
export type VendorInvitationRequest = z.output<typeof vendorInvitationRequest>;

/** The mailed token: 32 random bytes, base64url (43 characters); a bound that leaves room for no other. */
const invitationToken = z
  .string()
  .min(1)
  .max(200)
  .meta({ description: 'The token of the invitation link (its `token` query parameter).' });

export const acceptInvitationRequest = z.object({ token: invitationToken, password: newPasswordSchema });
export type AcceptInvitationRequest = z.output<typeof acceptInvitationRequest>;

// Responses
const invitationBase = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  invited_by: z
    .object({ role: roleSchema, id: z.string() })
    .meta({ description: 'The account that made the invitation.' }),
  expires_at: z.string().meta({ description: 'ISO 8601; a resend starts the lifetime again.' }),
  created_at: z.string().meta({ description: 'ISO 8601.' }),
});
export const adminInvitation = invitationBase.extend({
  admin_type: z.enum(ADMIN_TYPES),
  modules: z.array(z.string()),
});
export const vendorInvitation = invitationBase.extend({
  vendor_id: z.string(),
  modules: z.array(z.string()),
  module_permissions: z.record(z.string(), z.array(z.string())),
  store_ids: z.array(z.string()),
});
export const adminInvitationPage = pageOf(adminInvitation);
export const vendorInvitationPage = pageOf(vendorInvitation);
export type AdminInvitation = z.infer<typeof adminInvitation>;
export type VendorInvitation = z.infer<typeof vendorInvitation>;

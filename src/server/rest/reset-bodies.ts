// The password-reset bodies differ by role only in the name of the type field.
import {
  adminResetRequest,
  adminResetVerifyRequest,
  vendorResetRequest,
  vendorResetVerifyRequest,
  type Role,
} from '@/core/schemas';

export const resetRequestSchema = (role: Role) => (role === 'admin' ? adminResetRequest : vendorResetRequest);
export const resetVerifySchema = (role: Role) => (role === 'admin' ? adminResetVerifyRequest : vendorResetVerifyRequest);

/** The e-mail and the claimed account type, whichever role's field carried it. */
export function resetIdentityOf(body: { email: string; admin_type?: string; vendor_type?: string }) {
  return { email: body.email, type: body.admin_type ?? body.vendor_type ?? '' };
}

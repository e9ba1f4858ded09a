// What the pages call each role and account type, and where each role signs in and lands.
import { ADMIN_TYPES, VENDOR_TYPES } from '@/contract/module-keys';
import type { Role } from '@/contract/auth-schemas';

export const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', vendor: 'Vendor staff', customer: 'Customer' };

export const ACCOUNT_TYPE_LABEL: Record<string, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  owner: 'Owner',
  employee: 'Employee',
  customer: 'Customer',
};

export const ACCOUNT_TYPES: Record<Role, readonly string[]> = {
  admin: ADMIN_TYPES,
  vendor: VENDOR_TYPES,
  customer: [],
};

/** Why the login page was opened, each with the notice it shows. */
export const LOGIN_NOTICES = {
  expired: { tone: 'info', text: 'Your session has ended. Sign in again to continue.' },
  signin: { tone: 'info', text: 'Sign in to continue.' },
  signed_out: { tone: 'success', text: 'You have signed out.' },
  reset: { tone: 'success', text: 'Your password has been changed. Sign in with your new password.' },
  deleted: { tone: 'success', text: 'Your account has been deleted.' },
  oidc_link_required: {
    tone: 'info',
    text: 'You already have an account with this e-mail address. Sign in with your password or a code, then link the provider from your account page.',
  },
  oidc_email_not_verified: {
    tone: 'error',
    text: 'The provider has not confirmed your e-mail address. Confirm it there, or sign up with your e-mail.',
  },
  oidc_provider_unavailable: {
    tone: 'error',
    text: 'The provider cannot be reached right now. Try again in a moment, or sign in another way.',
  },
  oidc_account_disabled: { tone: 'error', text: 'This account is disabled.' },
  oidc_identity_in_use: { tone: 'error', text: 'That provider account is already linked to another account.' },
  oidc_failed: { tone: 'error', text: 'Signing in with the provider did not complete. Start again.' },
} as const;

export type LoginReason = keyof typeof LOGIN_NOTICES;

export const homePath = (role: Role) => ({ admin: '/admin', vendor: '/vendor/pos', customer: '/account' })[role];
/** Where a role's own pages live: customers have theirs under /account. */
const areaOf = (role: Role) => (role === 'customer' ? '/account' : `/${role}`);
export const forgotPasswordPath = (role: Role) => `${areaOf(role)}/forgot-password`;
export const SIGN_UP_PATH = '/account/sign-up';

export function loginPath(role: Role, reason?: LoginReason): string {
  return `${areaOf(role)}/login${reason ? `?reason=${reason}` : ''}`;
}

/** Only an interaction of this service's own authorization server: never another address (no open redirect). */
const APP_RETURN = /^\/oauth\/interaction\/[A-Za-z0-9_-]{1,64}$/;

/** The `return` of a sign-in page an app's authorization sent the person to, when it is one. */
export function appReturnOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && APP_RETURN.test(value) ? value : undefined;
}

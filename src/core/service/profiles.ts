// Maps stored accounts to the profiles, login answers and token claims the contract shows callers.
import type { FactorSummary } from '../factor-ports';
import type { AccountRecord } from '../ports';
import type { AdminProfile, Role, TokenPair, VendorProfile } from '../../contract/auth-schemas';
import type { CustomerProfile } from '../../contract/customer-schemas';
import type { AccessClaims } from '../tokens';

/** What every profile starts with. */
const identityOf = (account: Omit<AccountRecord, 'passwordHash'>) => ({
  id: account.id,
  email: account.email,
  name: account.name,
  locale: account.locale ?? null,
});

export function adminProfileOf(account: Omit<AccountRecord, 'passwordHash'>): AdminProfile {
  return {
    ...identityOf(account),
    admin_type: account.type as AdminProfile['admin_type'],
    modules: account.modules,
  };
}

export function vendorProfileOf(account: Omit<AccountRecord, 'passwordHash'>): VendorProfile {
  return {
    ...identityOf(account),
    vendor_type: account.type as VendorProfile['vendor_type'],
    vendor_id: account.vendor?.id ?? '',
    vendor_name: account.vendor?.name ?? '',
    modules: account.modules,
    ...(account.type === 'employee' ? { module_permissions: account.modulePermissions } : {}),
  };
}

export function customerProfileOf(account: Omit<AccountRecord, 'passwordHash'>): CustomerProfile {
  return {
    ...identityOf(account),
    email_verified: account.emailVerified ?? false,
    created_at: (account.createdAt ?? new Date(0)).toISOString(),
  };
}

/** Claims for downstream services' guards; this service itself checks the account's current state. */
export function accessClaimsOf(account: AccountRecord): AccessClaims {
  return {
    sub: account.id,
    role: account.role,
    ver: account.tokenVersion,
    acct: account.type,
    modules: account.modules,
    ...(account.role === 'vendor' ? { vendor_id: account.vendor?.id } : {}),
    ...(account.type === 'employee' ? { module_permissions: account.modulePermissions } : {}),
    ...(account.guest ? { guest: true as const } : {}),
  };
}

/** `{admin: AdminProfile}` or `{vendor: VendorProfile}`: the role's profile under the role's key. */
export type ProfileOf<R extends Role> = R extends 'admin'
  ? { admin: AdminProfile }
  : R extends 'vendor'
    ? { vendor: VendorProfile }
    : { customer: CustomerProfile };
export type LoginResponseOf<R extends Role> = TokenPair & ProfileOf<R> & { device_id: string };

/** A role that is a type parameter cannot narrow the conditional type, hence the one cast here. */
export function profileOf<R extends Role>(role: R, account: AccountRecord, mfa?: FactorSummary): ProfileOf<R> {
  const profile =
    role === 'admin'
      ? { admin: { ...adminProfileOf(account), mfa } }
      : role === 'vendor'
        ? { vendor: { ...vendorProfileOf(account), mfa } }
        : { customer: customerProfileOf(account) };
  return profile as ProfileOf<R>;
}

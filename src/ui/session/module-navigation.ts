// The module navigation: which modules an account's nav shows, by the core's own module guard
// (super_admin and owner pass every guard; others need the module).
import { passesModuleGuard, type GuardSubject } from '@/core/module-access';
import { ADMIN_MODULES, MODULES, VENDOR_MODULES, type ModuleKey } from '@/contract/module-keys';
import type { AdminProfile, VendorProfile } from '@/contract/auth-schemas';
import type { NavEntry } from '../components/module-nav';

export const MODULE_LABEL: Record<ModuleKey, string> = {
  orders: 'Orders',
  catalogue: 'Catalogue',
  pos: 'Point of sale',
  stores: 'Stores',
  reports: 'Reports',
  admins: 'Admins',
  vendors: 'Vendors',
  staff: 'Staff',
  audit: 'Audit trail',
  customers: 'Customers',
  integrations: 'Integrations',
};

export function adminSubject(profile: AdminProfile): GuardSubject {
  return { role: 'admin', type: profile.admin_type, modules: profile.modules };
}

export function vendorSubject(profile: VendorProfile): GuardSubject {
  return {
    role: 'vendor',
    type: profile.vendor_type,
    modules: profile.modules,
    modulePermissions: profile.module_permissions ?? {},
  };
}

/** The modules `subject` may use, in the platform's order. */
export function allowedModules(subject: GuardSubject): ModuleKey[] {
  const candidates = subject.role === 'admin' ? ADMIN_MODULES : VENDOR_MODULES;
  return candidates.filter((module) => passesModuleGuard(subject, module));
}

export function isModuleKey(value: string | undefined): value is ModuleKey {
  return MODULES.some((m) => m === value);
}

/** Nav entries for `subject`; `hrefOf` places each module, `current` marks the open one. */
export function navEntries(subject: GuardSubject, hrefOf: (module: ModuleKey) => string, current?: string): NavEntry[] {
  return allowedModules(subject).map((module) => ({
    key: module,
    label: MODULE_LABEL[module],
    href: hrefOf(module),
    current: module === current,
  }));
}

/**
 * The navigation of a signed-in vendor account: the POS page itself, named as its heading is
 * ("Point of sale", the `pos` module's page, so that module is not listed twice), the other modules
 * the account may use, and its security page (not in a till's PIN session, which may not change
 * factors). `current`: `device`, `security` or a module key.
 */
export function vendorNav(subject: GuardSubject, current: string, { pinSession = false } = {}): NavEntry[] {
  return [
    { key: 'device', label: MODULE_LABEL.pos, href: '/vendor/pos', current: current === 'device' || current === 'pos' },
    ...navEntries(subject, (m) => `/vendor/pos?module=${m}`, current).filter((entry) => entry.key !== 'pos'),
    ...(pinSession
      ? []
      : [{ key: 'security', label: 'Security', href: '/vendor/security', current: current === 'security' }]),
  ];
}

/** What `subject` may do in `module`, in words, for the module panel. */
export function accessInWords(subject: GuardSubject, module: ModuleKey): string {
  if (subject.type === 'super_admin' || subject.type === 'owner')
    return 'Full access: your account type passes every module check.';
  const actions = subject.role === 'vendor' ? subject.modulePermissions[module] : undefined;
  if (actions?.length) return `Your access: ${actions.join(', ')}.`;
  return subject.role === 'vendor'
    ? 'Your access: this module, with no specific actions granted.'
    : 'Your access: this module.';
}

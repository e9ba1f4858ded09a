// Module-based access control (contract section 2): which account passes which module guard.

/** Modules an admin account can hold. */
export const ADMIN_MODULES = ['orders', 'catalogue', 'pos', 'stores', 'reports', 'admins', 'vendors'] as const;
/** Every module key; `staff` (a business's own employees) exists on the vendor side only. */
export const MODULES = [...ADMIN_MODULES, 'staff'] as const;
export type ModuleKey = (typeof MODULES)[number];

export const MODULE_ACTIONS = ['read', 'write', 'delete'] as const;
export type ModuleAction = (typeof MODULE_ACTIONS)[number];

/** Modules a vendor business works with; owners hold all of them. */
export const VENDOR_MODULES = ['orders', 'catalogue', 'pos', 'stores', 'reports', 'staff'] as const satisfies readonly ModuleKey[];

export const ADMIN_TYPES = ['super_admin', 'admin'] as const;
export type AdminType = (typeof ADMIN_TYPES)[number];

export const VENDOR_TYPES = ['owner', 'employee'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];

/** What a guard needs to know about the signed-in account. */
export type GuardSubject =
  | { role: 'admin'; type: string; modules: readonly string[] }
  | { role: 'vendor'; type: string; modules: readonly string[]; modulePermissions: Readonly<Record<string, readonly string[]>> };

/**
 * Whether `subject` may use `module` (and, where the operation names one, `action`).
 * super_admin and owner pass every guard; admins need the module; employees need the module
 * and, for a guarded action, that action in module_permissions[module].
 */
export function passesModuleGuard(subject: GuardSubject, module: string, action?: string): boolean {
  if (subject.role === 'admin') {
    if (subject.type === 'super_admin') return true;
    return subject.type === 'admin' && subject.modules.includes(module);
  }
  if (subject.type === 'owner') return true;
  if (subject.type !== 'employee' || !subject.modules.includes(module)) return false;
  if (action === undefined) return true;
  return subject.modulePermissions[module]?.includes(action) ?? false;
}

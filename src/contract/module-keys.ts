// The module keys, actions and account types of admin and vendor accounts: what a profile's
// `modules`, `module_permissions`, `admin_type` and `vendor_type` may hold.

/**
 * Modules an admin account can hold; `audit` reads the stored security events, `customers` manages shoppers' accounts,
 * `integrations` the platform's service clients and webhook endpoints.
 */
export const ADMIN_MODULES = [
  'orders',
  'catalogue',
  'pos',
  'stores',
  'reports',
  'admins',
  'vendors',
  'audit',
  'customers',
  'integrations',
] as const;
/** Every module key; `staff` (a business's own employees) exists on the vendor side only. */
export const MODULES = [...ADMIN_MODULES, 'staff'] as const;
export type ModuleKey = (typeof MODULES)[number];

export const MODULE_ACTIONS = ['read', 'write', 'delete'] as const;
export type ModuleAction = (typeof MODULE_ACTIONS)[number];

/** Every action a module permission may name: the common ones, and `approve`, of module `pos` only. */
export const PERMISSION_ACTIONS = [...MODULE_ACTIONS, 'approve'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** `pos:approve`: a manager approves a refund, discount, price override or void at the till with their PIN. */
const POS_ACTIONS = [...MODULE_ACTIONS, 'approve'] as const;

/** The actions `module` has: read, write and delete, and for `pos` also approve. */
export const actionsOf = (module: string): readonly PermissionAction[] =>
  module === 'pos' ? POS_ACTIONS : MODULE_ACTIONS;

/** Modules a vendor business works with; owners hold all of them. */
export const VENDOR_MODULES = [
  'orders',
  'catalogue',
  'pos',
  'stores',
  'reports',
  'staff',
] as const satisfies readonly ModuleKey[];

export const ADMIN_TYPES = ['super_admin', 'admin'] as const;
export type AdminType = (typeof ADMIN_TYPES)[number];

export const VENDOR_TYPES = ['owner', 'employee'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];

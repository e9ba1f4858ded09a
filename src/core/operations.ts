// Every administration and session operation, declared once: what an admin and what a vendor
// account needs to run it. The service's assertAllowed reads this table; docs/access-control.md
// shows it (a unit test keeps the two in step).
import type { ModuleAction, ModuleKey } from '../contract/modules';

/** A module guard: the module, and the action an employee must hold in module_permissions. */
export interface ModuleRule {
  module: ModuleKey;
  action: ModuleAction;
}

/** `signed_in`: any valid access token of that role; an absent role may not run the operation. */
export type OperationRule = ModuleRule | 'signed_in';

export interface OperationGuard {
  admin?: OperationRule;
  vendor?: OperationRule;
}

const rule = (module: ModuleKey, action: ModuleAction): ModuleRule => ({ module, action });

export const OPERATIONS = {
  // The caller's own sign-in sessions.
  'own_sessions.list': { admin: 'signed_in', vendor: 'signed_in' },
  'own_sessions.end': { admin: 'signed_in', vendor: 'signed_in' },

  // Admin accounts.
  'admins.list': { admin: rule('admins', 'read') },
  'admins.create': { admin: rule('admins', 'write') },
  'admins.update': { admin: rule('admins', 'write') },
  'admins.disable': { admin: rule('admins', 'write') },
  'admins.enable': { admin: rule('admins', 'write') },
  'admins.sessions.list': { admin: rule('admins', 'read') },
  'admins.sessions.end': { admin: rule('admins', 'write') },

  // Vendor businesses: admins only; a vendor account belongs to exactly one.
  'vendors.list': { admin: rule('vendors', 'read') },
  'vendors.create': { admin: rule('vendors', 'write') },

  // A business's accounts, stores and terminals: admins with `vendors` for any business, vendor
  // accounts for their own (owners pass every guard; employees need the module and the action).
  'vendor_accounts.list': { admin: rule('vendors', 'read'), vendor: rule('staff', 'read') },
  'vendor_accounts.disable': { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  'vendor_accounts.enable': { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  'vendor_accounts.sessions.list': { admin: rule('vendors', 'read'), vendor: rule('staff', 'read') },
  'vendor_accounts.sessions.end': { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  'employees.create': { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  'employees.update': { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  'stores.list': { admin: rule('vendors', 'read'), vendor: rule('stores', 'read') },
  'stores.create': { admin: rule('vendors', 'write'), vendor: rule('stores', 'write') },
  'terminals.create': { admin: rule('vendors', 'write'), vendor: rule('stores', 'write') },
} as const satisfies Record<string, OperationGuard>;

export type Operation = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];

/** The rule `role` must pass to run `operation`, or undefined when that role may not run it. */
export function ruleFor(operation: Operation, role: 'admin' | 'vendor'): OperationRule | undefined {
  const guard: OperationGuard = OPERATIONS[operation];
  return guard[role];
}

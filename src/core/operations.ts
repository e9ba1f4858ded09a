// Every administration and session operation, declared once: what an admin and what a vendor
// account needs to run it. The service's assertAllowed reads this table; docs/access-control.md
// shows it (a unit test keeps the two in step).
import type { Role } from '../contract/auth-schemas';
import type { ModuleAction, ModuleKey } from '../contract/module-keys';

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
  /** Customers hold no modules: at most `signed_in`. */
  customer?: 'signed_in';
}

const rule = (module: ModuleKey, action: ModuleAction): ModuleRule => ({ module, action });

export const OPERATIONS = {
  // The caller's own sign-in sessions.
  listOwnSessions: { admin: 'signed_in', vendor: 'signed_in', customer: 'signed_in' },
  endOwnSession: { admin: 'signed_in', vendor: 'signed_in', customer: 'signed_in' },

  // Admin accounts.
  listAdmins: { admin: rule('admins', 'read') },
  createAdmin: { admin: rule('admins', 'write') },
  updateAdmin: { admin: rule('admins', 'write') },
  disableAdmin: { admin: rule('admins', 'write') },
  enableAdmin: { admin: rule('admins', 'write') },
  listAdminSessions: { admin: rule('admins', 'read') },
  endAdminSession: { admin: rule('admins', 'write') },
  resetAdminFactors: { admin: rule('admins', 'write') },
  listAdminInvitations: { admin: rule('admins', 'read') },
  createAdminInvitation: { admin: rule('admins', 'write') },
  resendAdminInvitation: { admin: rule('admins', 'write') },
  revokeAdminInvitation: { admin: rule('admins', 'write') },

  // Vendor businesses: admins only; a vendor account belongs to exactly one.
  listVendors: { admin: rule('vendors', 'read') },
  createVendor: { admin: rule('vendors', 'write') },

  // A business's accounts, stores and terminals: admins with `vendors` for any business, vendor
  // accounts for their own (owners pass every guard; employees need the module and the action).
  listVendorAccounts: { admin: rule('vendors', 'read'), vendor: rule('staff', 'read') },
  disableVendorAccount: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  enableVendorAccount: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  listVendorAccountSessions: { admin: rule('vendors', 'read'), vendor: rule('staff', 'read') },
  endVendorAccountSession: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  resetVendorAccountFactors: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  createEmployee: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  updateEmployee: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  listStaffInvitations: { admin: rule('vendors', 'read'), vendor: rule('staff', 'read') },
  createStaffInvitation: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  resendStaffInvitation: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  revokeStaffInvitation: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  listStores: { admin: rule('vendors', 'read'), vendor: rule('stores', 'read') },
  createStore: { admin: rule('vendors', 'write'), vendor: rule('stores', 'write') },
  createTerminal: { admin: rule('vendors', 'write'), vendor: rule('stores', 'write') },

  // Customers (shoppers): admins with `customers` list, view, disable and enable them and end their
  // sessions; nobody sees or sets a customer's password.
  listCustomers: { admin: rule('customers', 'read') },
  getCustomer: { admin: rule('customers', 'read') },
  disableCustomer: { admin: rule('customers', 'write') },
  enableCustomer: { admin: rule('customers', 'write') },
  listCustomerSessions: { admin: rule('customers', 'read') },
  endCustomerSession: { admin: rule('customers', 'write') },

  // The audit trail: every event for admins with `audit`, the own business's for owners and
  // employees with `staff`; every account reads its own.
  listAuditEvents: { admin: rule('audit', 'read'), vendor: rule('staff', 'read') },
  listOwnEvents: { admin: 'signed_in', vendor: 'signed_in', customer: 'signed_in' },
  // POS terminals: pairing a device, unpairing it, and PINs (an employee only at its own stores).
  createPairingCode: { admin: rule('vendors', 'write'), vendor: rule('stores', 'write') },
  revokePairing: { admin: rule('vendors', 'write'), vendor: rule('stores', 'write') },
  clearStaffPin: { admin: rule('vendors', 'write'), vendor: rule('staff', 'write') },
  setOwnPin: { vendor: 'signed_in' },
  clearOwnPin: { vendor: 'signed_in' },

  // Webhook endpoints (events to the platform's services): admins with `integrations`.
  listWebhookEndpoints: { admin: rule('integrations', 'read') },
  getWebhookEndpoint: { admin: rule('integrations', 'read') },
  listWebhookMessages: { admin: rule('integrations', 'read') },
  createWebhookEndpoint: { admin: rule('integrations', 'write') },
  updateWebhookEndpoint: { admin: rule('integrations', 'write') },
  deleteWebhookEndpoint: { admin: rule('integrations', 'write') },
  rotateWebhookSecret: { admin: rule('integrations', 'write') },
  testWebhookEndpoint: { admin: rule('integrations', 'write') },
  retryWebhookDelivery: { admin: rule('integrations', 'write') },
  retryWebhookMessage: { admin: rule('integrations', 'write') },
  replayWebhookMessages: { admin: rule('integrations', 'write') },

  // Service clients (the platform's services that introspect tokens and read the revocation feed).
  listServiceClients: { admin: rule('integrations', 'read') },
  createServiceClient: { admin: rule('integrations', 'write') },
  rotateServiceClientSecret: { admin: rule('integrations', 'write') },
  deleteServiceClient: { admin: rule('integrations', 'write') },

  // The platform's apps (OAuth 2.1 / OpenID Connect clients).
  listApps: { admin: rule('integrations', 'read') },
  getApp: { admin: rule('integrations', 'read') },
  createApp: { admin: rule('integrations', 'write') },
  updateApp: { admin: rule('integrations', 'write') },
  rotateAppSecret: { admin: rule('integrations', 'write') },
  deleteApp: { admin: rule('integrations', 'write') },

  // The apps a person granted (admins grant none), and a business's staff's grants.
  listOwnApps: { vendor: 'signed_in', customer: 'signed_in' },
  endOwnApp: { vendor: 'signed_in', customer: 'signed_in' },
  listStaffApps: { vendor: rule('staff', 'read') },
  endStaffApp: { vendor: rule('staff', 'write') },
} as const satisfies Record<string, OperationGuard>;

export type Operation = keyof typeof OPERATIONS;

/** What a PIN session (a sign-in at a terminal) may do besides POS work; everything else is step_up_required. */
export const PIN_SESSION_OPERATIONS = ['listOwnSessions', 'endOwnSession'] as const satisfies readonly Operation[];

export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];

/** The rule `role` must pass to run `operation`, or undefined when that role may not run it. */
export function ruleFor(operation: Operation, role: Role): OperationRule | undefined {
  const guard: OperationGuard = OPERATIONS[operation];
  return guard[role];
}

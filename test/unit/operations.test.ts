// The guard table of every administration operation, for every kind of account, and the docs
// table that must show the same rules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { AuthError } from '@/core/auth-error';
import { ADMIN_MODULES, MODULE_ACTIONS, VENDOR_MODULES } from '@/contract/module-keys';
import { OPERATION_NAMES, PIN_SESSION_OPERATIONS, ruleFor, type Operation } from '@/core/operations';
import type { AccountRecord } from '@/core/ports';
import { assertAllowed } from '@/core/service/operation-access';

// The rules as the issue and docs state them, written out independently of src/core/operations.ts.
const EXPECTED: Record<Operation, { admin: string | null; vendor: string | null }> = {
  listOwnSessions: { admin: 'signed_in', vendor: 'signed_in' },
  endOwnSession: { admin: 'signed_in', vendor: 'signed_in' },
  listAdmins: { admin: 'admins:read', vendor: null },
  createAdmin: { admin: 'admins:write', vendor: null },
  updateAdmin: { admin: 'admins:write', vendor: null },
  disableAdmin: { admin: 'admins:write', vendor: null },
  enableAdmin: { admin: 'admins:write', vendor: null },
  listAdminSessions: { admin: 'admins:read', vendor: null },
  endAdminSession: { admin: 'admins:write', vendor: null },
  resetAdminFactors: { admin: 'admins:write', vendor: null },
  listAdminInvitations: { admin: 'admins:read', vendor: null },
  createAdminInvitation: { admin: 'admins:write', vendor: null },
  resendAdminInvitation: { admin: 'admins:write', vendor: null },
  revokeAdminInvitation: { admin: 'admins:write', vendor: null },
  listVendors: { admin: 'vendors:read', vendor: null },
  createVendor: { admin: 'vendors:write', vendor: null },
  listVendorAccounts: { admin: 'vendors:read', vendor: 'staff:read' },
  disableVendorAccount: { admin: 'vendors:write', vendor: 'staff:write' },
  enableVendorAccount: { admin: 'vendors:write', vendor: 'staff:write' },
  listVendorAccountSessions: { admin: 'vendors:read', vendor: 'staff:read' },
  endVendorAccountSession: { admin: 'vendors:write', vendor: 'staff:write' },
  resetVendorAccountFactors: { admin: 'vendors:write', vendor: 'staff:write' },
  createEmployee: { admin: 'vendors:write', vendor: 'staff:write' },
  updateEmployee: { admin: 'vendors:write', vendor: 'staff:write' },
  listStaffInvitations: { admin: 'vendors:read', vendor: 'staff:read' },
  createStaffInvitation: { admin: 'vendors:write', vendor: 'staff:write' },
  resendStaffInvitation: { admin: 'vendors:write', vendor: 'staff:write' },
  revokeStaffInvitation: { admin: 'vendors:write', vendor: 'staff:write' },
  listStores: { admin: 'vendors:read', vendor: 'stores:read' },
  createStore: { admin: 'vendors:write', vendor: 'stores:write' },
  createTerminal: { admin: 'vendors:write', vendor: 'stores:write' },
  listAuditEvents: { admin: 'audit:read', vendor: 'staff:read' },
  listOwnEvents: { admin: 'signed_in', vendor: 'signed_in' },
  listCustomers: { admin: 'customers:read', vendor: null },
  getCustomer: { admin: 'customers:read', vendor: null },
  disableCustomer: { admin: 'customers:write', vendor: null },
  enableCustomer: { admin: 'customers:write', vendor: null },
  listCustomerSessions: { admin: 'customers:read', vendor: null },
  endCustomerSession: { admin: 'customers:write', vendor: null },
  createPairingCode: { admin: 'vendors:write', vendor: 'stores:write' },
  revokePairing: { admin: 'vendors:write', vendor: 'stores:write' },
  clearStaffPin: { admin: 'vendors:write', vendor: 'staff:write' },
  setOwnPin: { admin: null, vendor: 'signed_in' },
  clearOwnPin: { admin: null, vendor: 'signed_in' },
  listWebhookEndpoints: { admin: 'integrations:read', vendor: null },
  getWebhookEndpoint: { admin: 'integrations:read', vendor: null },
  listWebhookMessages: { admin: 'integrations:read', vendor: null },
  createWebhookEndpoint: { admin: 'integrations:write', vendor: null },
  updateWebhookEndpoint: { admin: 'integrations:write', vendor: null },
  deleteWebhookEndpoint: { admin: 'integrations:write', vendor: null },
  rotateWebhookSecret: { admin: 'integrations:write', vendor: null },
  testWebhookEndpoint: { admin: 'integrations:write', vendor: null },
  retryWebhookDelivery: { admin: 'integrations:write', vendor: null },
  retryWebhookMessage: { admin: 'integrations:write', vendor: null },
  replayWebhookMessages: { admin: 'integrations:write', vendor: null },
  listServiceClients: { admin: 'integrations:read', vendor: null },
  createServiceClient: { admin: 'integrations:write', vendor: null },
  rotateServiceClientSecret: { admin: 'integrations:write', vendor: null },
  deleteServiceClient: { admin: 'integrations:write', vendor: null },
  listApps: { admin: 'integrations:read', vendor: null },
  getApp: { admin: 'integrations:read', vendor: null },
  createApp: { admin: 'integrations:write', vendor: null },
  updateApp: { admin: 'integrations:write', vendor: null },
  rotateAppSecret: { admin: 'integrations:write', vendor: null },
  deleteApp: { admin: 'integrations:write', vendor: null },
  listOwnApps: { admin: null, vendor: 'signed_in' },
  endOwnApp: { admin: null, vendor: 'signed_in' },
  listStaffApps: { admin: null, vendor: 'staff:read' },
  endStaffApp: { admin: null, vendor: 'staff:write' },
};

const text = (rule: ReturnType<typeof ruleFor>) =>
  rule === undefined ? null : rule === 'signed_in' ? rule : `${rule.module}:${rule.action}`;

function account(
  role: 'admin' | 'vendor',
  type: string,
  modules: string[],
  modulePermissions: Record<string, string[]> = {},
): AccountRecord {
  return {
    role,
    id: `${type}-id`,
    email: 'x@example.com',
    name: 'X',
    type,
    modules,
    modulePermissions,
    passwordHash: '',
    tokenVersion: 0,
    disabled: false,
  };
}

function allowed(a: AccountRecord, operation: Operation): boolean {
  try {
    assertAllowed({ account: a }, operation);
    return true;
  } catch (error) {
    assert.ok(
      error instanceof AuthError && error.code === 'forbidden',
      `${operation}: refusals are forbidden, got ${String(error)}`,
    );
    return false;
  }
}

test('the table declares exactly the operations this test expects, with the same rules', () => {
  assert.deepEqual([...OPERATION_NAMES].sort(), Object.keys(EXPECTED).sort());
  for (const operation of OPERATION_NAMES) {
    assert.deepEqual(
      { admin: text(ruleFor(operation, 'admin')), vendor: text(ruleFor(operation, 'vendor')) },
      EXPECTED[operation],
      operation,
    );
  }
});

describe('every operation for every kind of account', () => {
  for (const operation of Object.keys(EXPECTED) as Operation[]) {
    test(operation, () => {
      const { admin, vendor } = EXPECTED[operation];
      const [adminModule] = (admin ?? '').split(':');
      const [vendorModule, vendorAction] = (vendor ?? '').split(':');
      const signedIn = (rule: string | null) => rule === 'signed_in';

      assert.equal(allowed(account('admin', 'super_admin', []), operation), admin !== null, 'super_admin');
      const otherAdminModules = ADMIN_MODULES.filter((m) => m !== adminModule);
      assert.equal(
        allowed(account('admin', 'admin', otherAdminModules), operation),
        signedIn(admin),
        'admin without the module',
      );
      if (adminModule && !signedIn(admin)) {
        assert.equal(allowed(account('admin', 'admin', [adminModule]), operation), true, 'admin with the module');
      }
      assert.equal(
        allowed(account('admin', 'auditor', [...ADMIN_MODULES]), operation),
        signedIn(admin),
        'unknown admin type',
      );

      assert.equal(allowed(account('vendor', 'owner', []), operation), vendor !== null, 'owner');
      const everythingElse = Object.fromEntries(
        VENDOR_MODULES.map((m) => [
          m,
          m === vendorModule ? MODULE_ACTIONS.filter((a) => a !== vendorAction) : [...MODULE_ACTIONS],
        ]),
      );
      assert.equal(
        allowed(account('vendor', 'employee', [...VENDOR_MODULES], everythingElse), operation),
        signedIn(vendor),
        'employee lacking the action',
      );
      if (vendorModule && !signedIn(vendor)) {
        const exact = account('vendor', 'employee', [vendorModule], { [vendorModule]: [vendorAction!] });
        assert.equal(allowed(exact, operation), true, 'employee with the module and the action');
        const noModule = account(
          'vendor',
          'employee',
          VENDOR_MODULES.filter((m) => m !== vendorModule),
          { [vendorModule]: [...MODULE_ACTIONS] },
        );
        assert.equal(allowed(noModule, operation), false, 'employee with the action but not the module');
      }
    });
  }
});

test('docs/access-control.md lists every operation with its rules', () => {
  const doc = readFileSync(path.join(import.meta.dirname, '../../docs/access-control.md'), 'utf8');
  const rows = new Map<string, string[]>();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`([\w.]+)`$/.exec(cells[1] ?? '')?.[1];
    if (name) rows.set(name, cells.slice(2, 4));
  }
  assert.deepEqual(
    [...rows.keys()].sort(),
    [...OPERATION_NAMES].sort(),
    'the doc lists exactly the declared operations',
  );
  const cell = (rule: string | null) =>
    rule === null ? '—' : rule === 'signed_in' ? 'signed in' : '`' + rule.replace(':', '` / `') + '`';
  for (const operation of OPERATION_NAMES) {
    const { admin, vendor } = EXPECTED[operation];
    assert.deepEqual(rows.get(operation), [cell(admin), cell(vendor)], `the doc's row of ${operation}`);
  }
});

// Regression guard: a PIN session at a till passing the owner's module guards (owners hold every module).
test('a PIN session is refused every operation but its own sessions with step_up_required, before the module guard', () => {
  const owner = account('vendor', 'owner', []);
  for (const operation of OPERATION_NAMES.filter((o) => ruleFor(o, 'vendor'))) {
    const run = () => assertAllowed({ account: owner, terminalId: 'till', amr: ['pin'] }, operation);
    if ((PIN_SESSION_OPERATIONS as readonly string[]).includes(operation)) assert.doesNotThrow(run, operation);
    else assert.throws(run, (e) => e instanceof AuthError && e.code === 'step_up_required', operation);
    assert.doesNotThrow(() => assertAllowed({ account: owner }, operation), `${operation} with a password sign-in`);
  }
  assert.deepEqual([...PIN_SESSION_OPERATIONS], ['listOwnSessions', 'endOwnSession']);
});

// The module guard table (docs/interface.md, "Accounts and modules").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passesModuleGuard, type GuardSubject } from '@/core/modules';

const superAdmin: GuardSubject = { role: 'admin', type: 'super_admin', modules: [] };
const ordersAdmin: GuardSubject = { role: 'admin', type: 'admin', modules: ['orders'] };
const owner: GuardSubject = { role: 'vendor', type: 'owner', modules: [], modulePermissions: {} };
const cashier: GuardSubject = { role: 'vendor', type: 'employee', modules: ['orders', 'pos'], modulePermissions: { orders: ['read'], pos: ['read', 'write'] } };
const unknownType: GuardSubject = { role: 'admin', type: 'auditor', modules: ['orders'] };

test.describe('module guard table', () => {
  const table: Array<[string, GuardSubject, string, string | undefined, boolean]> = [
    ['super_admin passes every module', superAdmin, 'vendors', undefined, true],
    ['super_admin passes every action', superAdmin, 'admins', 'delete', true],
    ['admin with the module passes', ordersAdmin, 'orders', undefined, true],
    ['admin with the module passes any action', ordersAdmin, 'orders', 'write', true],
    ['admin without the module is refused', ordersAdmin, 'vendors', undefined, false],
    ['owner passes every module', owner, 'reports', undefined, true],
    ['owner passes every action', owner, 'stores', 'delete', true],
    ['employee with the module passes an unguarded action', cashier, 'orders', undefined, true],
    ['employee with the module and the action passes', cashier, 'pos', 'write', true],
    ['employee with the module but not the action is refused', cashier, 'orders', 'write', false],
    ['employee without the module is refused', cashier, 'reports', undefined, false],
    ['employee without the module is refused even for read', cashier, 'catalogue', 'read', false],
    ['an unknown account type passes nothing', unknownType, 'orders', undefined, false],
  ];
  for (const [name, subject, module, action, expected] of table) {
    test(name, () => assert.equal(passesModuleGuard(subject, module, action), expected));
  }
});

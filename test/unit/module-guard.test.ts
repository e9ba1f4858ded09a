// The module guard table (docs/interface.md, "Accounts and modules").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPosWork, moduleRefusal, passesModuleGuard, type GuardSubject } from '@/core/module-access';

const superAdmin: GuardSubject = { role: 'admin', type: 'super_admin', modules: [] };
const ordersAdmin: GuardSubject = { role: 'admin', type: 'admin', modules: ['orders'] };
const owner: GuardSubject = { role: 'vendor', type: 'owner', modules: [], modulePermissions: {} };
const cashier: GuardSubject = {
  role: 'vendor',
  type: 'employee',
  modules: ['orders', 'pos'],
  modulePermissions: { orders: ['read'], pos: ['read', 'write'] },
};
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

test.describe('module refusals: why a guard refuses, for this service and the guard kit alike', () => {
  const pin = ['pin'];
  const table: Array<
    [string, GuardSubject & { amr?: string[] }, string, string | undefined, ReturnType<typeof moduleRefusal>]
  > = [
    ['owner passes', owner, 'orders', 'write', undefined],
    ['employee without the module: module_denied', cashier, 'reports', undefined, 'module_denied'],
    ['admin without the module: module_denied', ordersAdmin, 'vendors', 'read', 'module_denied'],
    ['an unknown account type: module_denied', unknownType, 'orders', undefined, 'module_denied'],
    [
      'employee with the module, without the action: permission_denied',
      cashier,
      'orders',
      'write',
      'permission_denied',
    ],
    ['PIN session: POS work passes', { ...cashier, amr: pin }, 'pos', 'write', undefined],
    ['PIN session: looking up orders passes', { ...cashier, amr: pin }, 'orders', 'read', undefined],
    [
      'PIN session: changing orders needs a password sign-in',
      { ...cashier, amr: pin },
      'orders',
      'write',
      'step_up_required',
    ],
    ['PIN session of an owner: still step_up_required', { ...owner, amr: pin }, 'stores', 'write', 'step_up_required'],
    [
      'PIN session: step-up comes before the module check',
      { ...cashier, amr: pin },
      'reports',
      undefined,
      'step_up_required',
    ],
  ];
  for (const [name, subject, module, action, expected] of table) {
    test(name, () => assert.equal(moduleRefusal(subject, module, action), expected));
  }
  test('a service passes its own verdict on what is POS work', () => {
    assert.equal(moduleRefusal({ ...owner, amr: ['pin'] }, 'orders', 'read', false), 'step_up_required');
    assert.equal(moduleRefusal({ ...cashier, amr: ['pin'] }, 'orders', 'write', true), 'permission_denied');
    assert.equal(isPosWork('catalogue'), true);
    assert.equal(isPosWork('catalogue', 'write'), false);
  });
});

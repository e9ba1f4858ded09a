// `approve` is an action of the pos module only (pos:approve: a manager at the till); the account
// schemas take it there and refuse it anywhere else, and the module rule grants it as any action.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEmployeeRequest } from '@/contract/administration-schemas';
import { actionsOf } from '@/contract/module-keys';
import { passesModuleGuard } from '@/core/module-access';

const employee = (modulePermissions: Record<string, string[]>) => ({
  email: 'till-manager@example.com',
  name: 'Till Manager',
  password: 'till-manager-pass-Q5w!e8',
  modules: ['pos', 'orders'],
  module_permissions: modulePermissions,
});

test('approve is taken in pos and refused in any other module', () => {
  assert.ok(createEmployeeRequest.safeParse(employee({ pos: ['read', 'approve'] })).success);
  const refused = createEmployeeRequest.safeParse(employee({ orders: ['approve'] }));
  assert.equal(refused.success, false);
  assert.match(JSON.stringify(refused.error?.issues), /pos module only/);
  assert.deepEqual(actionsOf('pos'), ['read', 'write', 'delete', 'approve']);
  assert.deepEqual(actionsOf('orders'), ['read', 'write', 'delete']);
});

test('an employee approves with pos:approve only; an owner always may', () => {
  const subject = (permissions: string[], type = 'employee') => ({
    role: 'vendor' as const,
    type,
    modules: ['pos'],
    modulePermissions: { pos: permissions },
  });
  assert.equal(passesModuleGuard(subject(['read', 'approve']), 'pos', 'approve'), true);
  assert.equal(passesModuleGuard(subject(['read', 'write']), 'pos', 'approve'), false);
  assert.equal(passesModuleGuard(subject([], 'owner'), 'pos', 'approve'), true);
});

// Audit entries as the core builds them: details never keep a field named like a credential, however
// deep or however it is spelled, and an account change names exactly the fields that changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditEntry, changeDetails, OPERATOR_CAUSE } from '@/core/service/audit';

const subject = { role: 'admin' as const, accountId: 'a-1' };
const cause = { actor: { role: 'admin' as const, accountId: 'b-2' }, client: { ip: '203.0.113.9', userAgent: 'ua' } };

test('details drop every key that could hold a password, token, code or secret, at any depth', () => {
  const entry = auditEntry('account_changed', subject, cause, {
    password: 'p',
    newPassword: 'p',
    refresh_token: 't',
    AccessToken: 't',
    code: '123456',
    otp: '123456',
    passwordHash: 'h',
    clientSecret: 's',
    reason: 'invalid_credentials',
    nested: { reset_token: 't', kept: 1, list: [{ secret: 's', name: 'n' }] },
  });
  assert.deepEqual(entry.details, { reason: 'invalid_credentials', nested: { kept: 1, list: [{ name: 'n' }] } });
});

test('the operator cause has no actor and no client, and marks the details', () => {
  const entry = auditEntry('account_disabled', subject, OPERATOR_CAUSE);
  assert.deepEqual([entry.actor, entry.client, entry.details], [null, {}, { operator: true }]);
});

test('an account change names only the fields that changed, with modules before and after', () => {
  const before = { name: 'Ada', type: 'admin', modules: ['orders'], modulePermissions: {} };
  assert.deepEqual(
    changeDetails(before, { name: 'Ada', type: undefined, modules: ['orders', 'audit'], modulePermissions: {} }),
    {
      changed: ['modules'],
      modules_before: ['orders'],
      modules_after: ['orders', 'audit'],
    },
  );
  const employee = {
    name: 'Casey',
    type: 'employee',
    modules: ['pos'],
    modulePermissions: { pos: ['read'] },
    storeIds: ['s1'],
  };
  const after = { name: 'Casey C', modules: ['pos'], modulePermissions: { pos: ['read', 'write'] }, storeIds: ['s1'] };
  assert.deepEqual(changeDetails(employee, after), {
    changed: ['name', 'module_permissions'],
    modules_before: ['pos'],
    modules_after: ['pos'],
    module_permissions_before: { pos: ['read'] },
    module_permissions_after: { pos: ['read', 'write'] },
  });
});

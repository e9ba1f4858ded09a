// The one table from stored security events to webhook types, and the bodies it builds: which
// events are sent, the account's contact only where documented, and a provider passed through.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditEntry, OPERATOR_CAUSE } from '@/core/service/audit';
import { webhookBodyOf, webhookTypesOf } from '@/core/webhook-messages';

const at = new Date('2026-11-26T12:00:00Z');
const customer = { role: 'customer' as const, accountId: 'c1' };
const admin = { role: 'admin' as const, accountId: 'a1' };
const cause = { actor: { role: 'admin' as const, accountId: 'boss' }, client: { ip: '203.0.113.9' } };
const contact = { email: 'c@example.com', name: 'C' };

test('each event maps to its types; events the platform is not sent map to none', () => {
  assert.deepEqual(webhookTypesOf(auditEntry('account_created', customer, cause)), ['customer.registered']);
  assert.deepEqual(webhookTypesOf(auditEntry('account_created', admin, cause)), ['account.created']);
  assert.deepEqual(webhookTypesOf(auditEntry('account_deleted', customer, cause)), ['customer.deleted']);
  assert.deepEqual(webhookTypesOf(auditEntry('factors_reset', admin, cause)), ['mfa.changed', 'sessions.ended']);
  assert.deepEqual(
    webhookTypesOf(
      auditEntry('terminal_pairing_revoked', { role: 'vendor', accountId: null }, cause, { was_paired: false }),
    ),
    [],
  );
  assert.deepEqual(
    webhookTypesOf(auditEntry('rate_limited', { role: 'admin', accountId: null }, cause)),
    [],
    'a limit for no known account',
  );
  for (const quiet of ['sign_in_succeeded', 'sign_in_failed', 'logout', 'mfa_failed', 'pin_set'] as const)
    assert.deepEqual(webhookTypesOf(auditEntry(quiet, admin, cause)), []);
});

test('a provider detail is passed through as data.provider, on whatever type the event makes', () => {
  const registered = auditEntry(
    'account_created',
    customer,
    { actor: { role: 'customer', accountId: 'c1' }, client: {} },
    { via: 'oidc', provider: 'google' },
  );
  assert.deepEqual(webhookBodyOf('customer.registered', registered, at, 'c1', contact), {
    type: 'customer.registered',
    timestamp: '2026-11-26T12:00:00.000Z',
    data: {
      account: { id: 'c1', role: 'customer' },
      actor: { role: 'customer', id: 'c1' },
      email: 'c@example.com',
      name: 'C',
      provider: 'google',
    },
  });
  const changed = auditEntry('password_changed', customer, cause, { provider: 'apple' });
  assert.equal(webhookBodyOf('password.changed', changed, at, 'c1', contact).data.provider, 'apple');
});

test('e-mail and name only where documented; a deleted customer carries its id alone', () => {
  const disabled = webhookBodyOf(
    'account.disabled',
    auditEntry('account_disabled', customer, cause),
    at,
    'c1',
    contact,
  );
  assert.deepEqual(disabled.data, { account: { id: 'c1', role: 'customer' }, actor: { role: 'admin', id: 'boss' } });
  const deleted = webhookBodyOf(
    'customer.deleted',
    auditEntry('account_deleted', customer, OPERATOR_CAUSE, { provider: 'google' }),
    at,
    'c1',
    null,
  );
  assert.deepEqual(deleted.data, { account: { id: 'c1' } });
});

test('a guest linked to a customer is customer.guest_converted with both ids, and no contact', () => {
  const self = { actor: { role: 'customer' as const, accountId: 'c1' }, client: {} };
  const converted = auditEntry('guest_converted', customer, self, { guest_id: 'g1', provider: 'google' });
  assert.deepEqual(webhookTypesOf(converted), ['customer.guest_converted']);
  const body = webhookBodyOf('customer.guest_converted', converted, at, 'c1', contact);
  assert.deepEqual(body.data, {
    account: { id: 'c1', role: 'customer' },
    actor: { role: 'customer', id: 'c1' },
    provider: 'google',
    guest_id: 'g1',
    customer_id: 'c1',
  });
});

test("an app's grant: app.authorized with the app and the scopes allowed, app.revoked with the app; a denial is not sent", () => {
  const staff = { role: 'vendor' as const, accountId: 'v1', vendorId: 'b1' };
  const allowed = auditEntry('app_authorized', staff, cause, { client_id: 'app_x', scopes: ['orders:read'] });
  assert.deepEqual(webhookTypesOf(allowed), ['app.authorized']);
  assert.deepEqual(webhookBodyOf('app.authorized', allowed, at, 'v1', null).data, {
    account: { id: 'v1', role: 'vendor', vendor_id: 'b1' },
    actor: { role: 'admin', id: 'boss' },
    client_id: 'app_x',
    scopes: ['orders:read'],
  });
  const ended = auditEntry('app_revoked', staff, cause, { client_id: 'app_x', by: 'person' });
  assert.deepEqual(webhookTypesOf(ended), ['app.revoked']);
  assert.equal(webhookBodyOf('app.revoked', ended, at, 'v1', null).data.client_id, 'app_x');
  assert.equal(webhookBodyOf('app.revoked', ended, at, 'v1', null).data.scopes, undefined);
  assert.deepEqual(webhookTypesOf(auditEntry('app_denied', staff, cause, { client_id: 'app_x' })), []);
});

test('approval.granted names the manager as the account and what was approved, never the token', () => {
  const manager = { role: 'vendor' as const, accountId: 'm1', vendorId: 'v1' };
  const granted = auditEntry(
    'approval_granted',
    manager,
    { actor: { role: 'vendor', accountId: 'm1' }, client: {} },
    {
      approval_id: 'ap1',
      terminal_id: 't1',
      store_id: 's1',
      action: 'refund',
      reference: 'sale-7',
      amount: '4.20',
      requester_id: 'c9',
      approval_token: 'never.stored.here',
    },
  );
  assert.deepEqual(webhookTypesOf(granted), ['approval.granted']);
  assert.deepEqual(webhookBodyOf('approval.granted', granted, at, 'm1', null).data, {
    account: { id: 'm1', role: 'vendor', vendor_id: 'v1' },
    actor: { role: 'vendor', id: 'm1' },
    terminal_id: 't1',
    approval: { id: 'ap1', action: 'refund', reference: 'sale-7', amount: '4.20', requester_id: 'c9', store_id: 's1' },
  });
  for (const quiet of ['approval_requested', 'approval_refused', 'approval_spent'] as const)
    assert.deepEqual(webhookTypesOf(auditEntry(quiet, manager, cause)), []);
});

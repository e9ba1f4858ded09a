// Route templates for metrics labels: params become `{name}`, and anything not understood is
// `unmatched`, so no raw path (with its ids) ever becomes a label value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routeTemplateOf } from '@/server/rest/route-template';

test('params become their names; fixed segments stay', () => {
  assert.equal(routeTemplateOf('/api/v1/auth/admin/login', { role: 'admin' }), '/api/v1/auth/{role}/login');
  assert.equal(routeTemplateOf('/api/v1/auth/vendor/password-reset/verify', { role: 'vendor' }), '/api/v1/auth/{role}/password-reset/verify');
  assert.equal(
    routeTemplateOf('/api/v1/admin/vendors/6b1f0c1e-0000-4000-8000-000000000001/accounts/acc-2/sessions', { vendorId: '6b1f0c1e-0000-4000-8000-000000000001', accountId: 'acc-2' }),
    '/api/v1/admin/vendors/{vendorId}/accounts/{accountId}/sessions',
  );
  assert.equal(routeTemplateOf('/api/v1/health/ready', {}), '/api/v1/health/ready');
  assert.equal(routeTemplateOf('/metrics', {}), '/metrics');
});

test('an id equal to a fixed word replaces the id segment, not the word', () => {
  assert.equal(routeTemplateOf('/api/v1/admin/admins/admin/disable', { adminId: 'admin' }), '/api/v1/admin/admins/{adminId}/disable');
});

test('percent-encoded ids match their decoded param', () => {
  assert.equal(routeTemplateOf('/api/v1/admin/admins/a%20b', { adminId: 'a b' }), '/api/v1/admin/admins/{adminId}');
});

test('catch-alls, unmatched params and unexpected segments are `unmatched`', () => {
  assert.equal(routeTemplateOf('/api/v1/no/such', { path: ['no', 'such'] }), 'unmatched');
  assert.equal(routeTemplateOf('/api/v1/admin/admins/X1', { adminId: 'other' }), 'unmatched');
  assert.equal(routeTemplateOf('/api/v1/admin/admins/6B1F', {}), 'unmatched');
});

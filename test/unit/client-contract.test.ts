// The route tables the client and the OpenAPI document share: which routes refresh on 401, and
// how a call's path parameters and query become its URL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { administrationRoutes } from '@/contract/administration-routes';
import { authRoutes } from '@/contract/auth-routes';
import { NAMED_ROUTES } from '@/contract/routes';
import { urlOf } from '@/client/transport';

test('only bearer routes can refresh: login, refresh, logout and the password-reset steps never do', () => {
  for (const role of ['admin', 'vendor'] as const) {
    const { login, refresh, logout, requestReset, verifyReset, completeReset, me } = authRoutes[role];
    for (const route of [login, refresh, logout, requestReset, verifyReset, completeReset])
      assert.equal(route.auth, 'none', route.path);
    assert.equal(me.auth, 'bearer');
    for (const route of Object.values(administrationRoutes[role])) assert.equal(route.auth, 'bearer', route.path);
  }
  assert.equal(authRoutes.vendor.context.auth, 'bearer');
});

test('operation names are unique and every method and path pair appears once', () => {
  const named = NAMED_ROUTES;
  assert.equal(new Set(named.map((n) => n.name)).size, named.length);
  const pairs = named.flatMap(({ route }) => route.methods.map((m) => `${m} ${route.path}`));
  assert.equal(new Set(pairs).size, pairs.length, pairs.join('\n'));
});

test('path parameters are encoded into their segment and defined query values appended', () => {
  const route = administrationRoutes.admin.listVendorAccountSessions;
  assert.equal(
    urlOf(
      'https://api.example.com/api/v1',
      route,
      { vendorId: 'v/1', accountId: 'a b' },
      { limit: 5, cursor: undefined },
    ),
    'https://api.example.com/api/v1/admin/vendors/v%2F1/accounts/a%20b/sessions?limit=5',
  );
  assert.equal(urlOf('/api/v1', authRoutes.service.health), '/api/v1/health');
  assert.throws(() => urlOf('/api/v1', route, { vendorId: 'v' }), /needs the path parameter accountId/);
});

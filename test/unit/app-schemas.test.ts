// The rules an app's registration is held to before it reaches the database: redirect URIs that
// are https, or http on a loopback address (RFC 8252), and scopes from the closed list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP_SCOPES, createAppRequest } from '@/contract/app-schemas';

const registration = (redirectUri: string, scopes = ['openid']) =>
  createAppRequest.safeParse({ name: 'Ledger', type: 'public', redirect_uris: [redirectUri], scopes });

test('https anywhere, and http only at a loopback address with any port', () => {
  for (const uri of [
    'https://ledger.example/callback',
    'https://ledger.example:8443/cb?tenant=1',
    'http://127.0.0.1/callback',
    'http://127.12.0.9:51000/callback',
    'http://[::1]:8080/cb',
    'http://localhost:3000/cb',
  ])
    assert.ok(registration(uri).success, uri);
  for (const uri of [
    'http://ledger.example/callback',
    'http://10.0.0.1/callback',
    'http://127.0.0.1.ledger.example/callback',
    'http://localhost.ledger.example/cb',
    'https://ledger.example/cb#done',
    'https://user:secret@ledger.example/cb',
    'com.ledger.app:/callback',
    'javascript:alert(1)',
    ' https://ledger.example/callback',
    '/callback',
  ])
    assert.ok(!registration(uri).success, uri);
});

test('scopes: the OpenID ones and <module>:<action> of a business, nothing else', () => {
  assert.ok(APP_SCOPES.includes('orders:read') && APP_SCOPES.includes('staff:delete'));
  assert.ok(!APP_SCOPES.some((scope) => scope.startsWith('admins:') || scope.startsWith('integrations:')));
  assert.ok(registration('https://a.example/cb', ['openid', 'offline_access', 'catalogue:write']).success);
  for (const scope of ['admins:read', 'orders:own', 'orders', 'address', '*'])
    assert.ok(!registration('https://a.example/cb', [scope]).success, scope);
  const parsed = registration('https://a.example/cb', ['email', 'email']);
  assert.deepEqual(parsed.success && parsed.data.scopes, ['email'], 'duplicates are dropped');
});

// The authorization server's pure rules: the role a request's scopes call for, what a person may be
// granted of them, scopes in plain words, the resource indicators accepted, and the only return path
// a sign-in page follows (no open redirect).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grantableScopes, roleOfScopes, type AppPerson } from '@/server/oauth/app-people';
import { scopeInWords } from '@/server/oauth/pages';
import { isAcceptedResource } from '@/server/oauth/provider-config';
import { appReturnOf } from '@/ui/auth/role-text';

const cashier: AppPerson = {
  id: 'a',
  role: 'vendor',
  email: 'c@example.com',
  name: 'Casey',
  emailVerified: true,
  business: 'Corner Shop',
  businessScopes: ['orders:read'],
};

test('business scopes mean staff; identity scopes alone a customer', () => {
  assert.equal(roleOfScopes('openid orders:read'), 'vendor');
  assert.equal(roleOfScopes('openid profile email offline_access'), 'customer');
  assert.equal(roleOfScopes(''), 'customer');
  assert.equal(roleOfScopes('openid admin:read'), 'customer', 'no admin scope exists');
});

test('a person is granted the identity scopes and only the business scopes they hold', () => {
  assert.deepEqual(grantableScopes(cashier, 'openid orders:read orders:write catalogue:read orders:read'), {
    identity: ['openid'],
    business: ['orders:read'],
  });
  assert.deepEqual(grantableScopes({ ...cashier, businessScopes: [] }, 'orders:read'), { identity: [], business: [] });
});

test('scopes in plain words, with the business named', () => {
  assert.equal(scopeInWords('orders:read', 'Corner Shop'), "See Corner Shop's orders");
  assert.equal(scopeInWords('catalogue:write'), "Create and change the business's products in the catalogue");
  assert.equal(scopeInWords('email'), 'See your e-mail address and whether it is confirmed');
});

test('resource indicators: the issuer, https, or http on loopback; never a fragment or credentials', () => {
  const issuer = 'http://127.0.0.1:3000';
  assert.equal(isAcceptedResource(issuer, issuer), true);
  assert.equal(isAcceptedResource('https://orders.example/', issuer), true);
  assert.equal(isAcceptedResource('http://localhost:4000/api', issuer), true);
  assert.equal(isAcceptedResource('http://orders.example/', issuer), false);
  assert.equal(isAcceptedResource('https://orders.example/#x', issuer), false);
  assert.equal(isAcceptedResource('https://u:p@orders.example/', issuer), false);
  assert.equal(isAcceptedResource('urn:orders', issuer), false);
  assert.equal(isAcceptedResource('not a url', issuer), false);
});

test("a sign-in page returns only to one of the authorization server's interactions", () => {
  assert.equal(appReturnOf('/oauth/interaction/abc_DEF-123'), '/oauth/interaction/abc_DEF-123');
  for (const bad of [
    'https://attacker.example/oauth/interaction/abc',
    '//attacker.example/oauth/interaction/abc',
    '/oauth/interaction/abc/../../admin',
    '/oauth/interaction/',
    '/vendor/pos',
    ['/oauth/interaction/abc'],
    undefined,
  ])
    assert.equal(appReturnOf(bad), undefined, String(bad));
});

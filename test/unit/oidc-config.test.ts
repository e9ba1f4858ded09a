// The customers' OpenID provider settings: the https rule for issuers (http only on loopback and
// only under development rules), the google and apple presets, and every missing variable named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, parseConfig } from '@/core/config';
import { checkIssuer, isLoopbackHost, parseOidcProviders, parseRedirectUris } from '@/core/oidc-config';
import { claimsOf } from '@/server/oidc/openid-client';

const SECRETS = {
  JWT_ACCESS_SECRET: 'unit-access-secret-0123456789abcdefghijklmnop',
  JWT_REFRESH_SECRET: 'unit-refresh-secret-0123456789abcdefghijklmno',
  MFA_ENCRYPTION_KEY: 'unit-mfa-encryption-key-0123456789abcdefghij',
};

test('production takes https issuers only; development also http on loopback, nowhere else', () => {
  assert.equal(checkIssuer('https://accounts.google.com', true), null);
  assert.match(checkIssuer('http://127.0.0.1:4000', true)!, /https/);
  assert.equal(checkIssuer('http://127.0.0.1:4000', false), null);
  assert.equal(checkIssuer('http://localhost:4000/realm', false), null);
  assert.equal(checkIssuer('http://[::1]:4000', false), null);
  for (const other of [
    'http://10.0.0.5',
    'http://192.168.1.2:8080',
    'http://idp.example.com',
    'http://127.0.0.1.example.com',
  ]) {
    assert.notEqual(checkIssuer(other, false), null, other);
  }
  assert.equal(checkIssuer('not a url', false), 'is not a URL');
  assert.equal(isLoopbackHost('127.8.9.10'), true);
  assert.equal(isLoopbackHost('[::ffff:127.0.0.1]'), true);
  assert.equal(isLoopbackHost('169.254.169.254'), false);
});

test('google and apple know their issuers; apple makes its secret from a key, team and key id', () => {
  const { providers, problems } = parseOidcProviders(
    {
      OIDC_PROVIDERS: 'google, apple,acme',
      OIDC_GOOGLE_CLIENT_ID: 'g-id',
      OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_APPLE_CLIENT_ID: 'com.example.web',
      OIDC_APPLE_KEY_ID: 'KEY123',
      OIDC_APPLE_TEAM_ID: 'TEAM45',
      OIDC_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nAAA\\n-----END PRIVATE KEY-----',
      OIDC_ACME_ISSUER: 'https://id.acme.test',
      OIDC_ACME_CLIENT_ID: 'a',
      OIDC_ACME_CLIENT_SECRET: 's',
      OIDC_ACME_DISPLAY_NAME: 'Acme',
    },
    true,
  );
  assert.deepEqual(problems, []);
  const [google, apple, acme] = providers;
  assert.equal(google!.issuer, 'https://accounts.google.com');
  assert.equal(google!.displayName, 'Google');
  assert.equal(apple!.issuer, 'https://appleid.apple.com');
  assert.equal(apple!.responseMode, 'form_post');
  assert.equal(
    apple!.apple!.privateKey.split('\n').length,
    3,
    'escaped newlines of a one-line variable become real ones',
  );
  assert.equal(acme!.displayName, 'Acme');
});

test('every missing or wrong variable is named, and the service refuses to start', () => {
  const { problems } = parseOidcProviders(
    { OIDC_PROVIDERS: 'apple,acme,Bad-Name', OIDC_ACME_ISSUER: 'http://idp.example.com' },
    true,
  );
  for (const name of [
    'OIDC_APPLE_CLIENT_ID',
    'OIDC_APPLE_KEY_ID',
    'OIDC_APPLE_TEAM_ID',
    'OIDC_APPLE_PRIVATE_KEY',
    'OIDC_ACME_ISSUER must be an https URL',
    'OIDC_ACME_CLIENT_ID',
    'OIDC_ACME_CLIENT_SECRET',
    '"bad-name"',
  ]) {
    assert.ok(
      problems.some((p) => p.includes(name)),
      `${name} in ${problems.join('; ')}`,
    );
  }
  assert.throws(
    () =>
      parseConfig({
        NODE_ENV: 'production',
        ...SECRETS,
        OIDC_PROVIDERS: 'acme',
        OIDC_ACME_ISSUER: 'http://127.0.0.1:9',
      }),
    ConfigError,
  );
  assert.deepEqual(parseConfig({ NODE_ENV: 'production', ...SECRETS }).oidc, { providers: [], redirectUris: [] });
});

test('redirect URIs are absolute URLs without a fragment (custom schemes of native apps too)', () => {
  assert.deepEqual(parseRedirectUris('https://shop.example/cb, com.example.app:/oauth').uris, [
    'https://shop.example/cb',
    'com.example.app:/oauth',
  ]);
  assert.equal(parseRedirectUris('/relative,https://x.example/#frag').problems.length, 2);
});

test('the claims: e-mail trimmed and lower-cased, Apple\'s "true" string counts as verified, anything else does not', () => {
  const base = { iss: 'https://appleid.apple.com', sub: '001' };
  assert.deepEqual(claimsOf({ ...base, email: ' Pat@Example.COM ', email_verified: 'true' }), {
    issuer: base.iss,
    subject: '001',
    email: 'pat@example.com',
    emailVerified: true,
    name: undefined,
  });
  for (const value of [false, 'false', undefined, 1, 'yes'])
    assert.equal(claimsOf({ ...base, email_verified: value }).emailVerified, false, String(value));
});

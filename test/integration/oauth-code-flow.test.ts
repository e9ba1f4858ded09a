// The authorization server with a relying party nobody here wrote (openid-client, a confidential
// app): discovery, the code flow with PKCE through the sign-in and consent pages, the ID token, the
// RFC 9068 access token, userinfo, refresh with rotation (a reused refresh token ends the grant) and revocation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { PASSWORDS } from '../support/accounts';
import { get } from '../support/http';
import {
  authorizationUrl as authorizationUrlOf,
  oauthBrowser,
  oauthSuite,
  registerApp,
} from '../support/oauth-browser';

const app = oauthSuite();
const REDIRECT = 'https://ledger.example/callback';
const insecure = { execute: [oidc.allowInsecureRequests] };
const invalidGrant = (error: unknown) => (error as { error?: string }).error === 'invalid_grant';

async function ledger() {
  const created = await registerApp(app.db, {
    name: 'Ledger',
    type: 'confidential',
    homepage_url: 'https://ledger.example',
    redirect_uris: [REDIRECT],
    scopes: ['openid', 'profile', 'email', 'offline_access', 'orders:read', 'catalogue:write'],
  });
  const config = await oidc.discovery(
    new URL(app.url),
    created.client_id,
    undefined,
    oidc.ClientSecretBasic(created.client_secret),
    insecure,
  );
  return { created, config };
}

const authorizationUrl = (config: oidc.Configuration, scope: string, extra?: Record<string, string>) =>
  authorizationUrlOf(config, REDIRECT, scope, extra);

test('both discovery documents name every endpoint, S256 alone and the iss parameter', async () => {
  for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
    const res = await get(app.url, path);
    assert.equal(res.status, 200, path);
    const doc = res.body;
    assert.equal(doc.issuer, app.url);
    assert.equal(doc.authorization_endpoint, `${app.url}/oauth/authorize`);
    assert.equal(doc.token_endpoint, `${app.url}/oauth/token`);
    assert.equal(doc.userinfo_endpoint, `${app.url}/oauth/userinfo`);
    assert.equal(doc.revocation_endpoint, `${app.url}/oauth/revoke`);
    assert.equal(doc.jwks_uri, `${app.url}/oauth/jwks`);
    assert.deepEqual(doc.code_challenge_methods_supported, ['S256']);
    assert.equal(doc.authorization_response_iss_parameter_supported, true);
    assert.deepEqual(doc.response_types_supported, ['code']);
    assert.ok(!doc.grant_types_supported.includes('implicit') && !doc.grant_types_supported.includes('password'));
  }
  const [published] = (await get(app.url, '/oauth/jwks')).body.keys;
  const [service] = (await get(app.url, '/api/v1/.well-known/jwks.json')).body.keys;
  assert.equal(published.kid, service.kid, "the service's own access-token key");
  assert.equal(published.d, undefined, 'no private part');
});

test('code + PKCE through the pages: ID token, RFC 9068 access token, userinfo, refresh rotation, revocation', async () => {
  const { config } = await ledger();
  const browser = oauthBrowser(app.url);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const scope = 'openid profile email offline_access orders:read catalogue:write';
  const { url, verifier } = await authorizationUrl(config, scope, { state, nonce });
  const owner = { role: 'vendor' as const, email: app.seed.owner.email, password: PASSWORDS.owner };
  const { consent, callback } = await browser.authorize(url, owner);
  assert.ok(consent, 'a third-party app asks for consent');
  assert.match(consent.text, /Allow Ledger\?/);
  assert.match(consent.text, /https:\/\/ledger\.example/, 'its homepage');
  assert.match(consent.text, /Corner Shop/, 'the business');
  assert.match(consent.text, /See Corner Shop&#39;s orders/, 'each scope in plain words');
  assert.equal(callback.origin + callback.pathname, REDIRECT);
  assert.equal(callback.searchParams.get('iss'), app.url, 'RFC 9207');

  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  assert.equal(tokens.token_type.toLowerCase(), 'bearer');
  const claims = tokens.claims()!;
  assert.equal(claims.sub, app.seed.owner.id);
  assert.equal(claims.email, app.seed.owner.email);
  assert.equal(claims.name, 'Olive Owner');

  assert.equal(decodeProtectedHeader(tokens.access_token).typ, 'at+jwt');
  const jwks = createRemoteJWKSet(new URL('/api/v1/.well-known/jwks.json', app.url));
  const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer: app.url, audience: app.url, typ: 'at+jwt' });
  assert.equal(payload.client_id, config.clientMetadata().client_id);
  assert.deepEqual(
    new Set(String(payload.scope).split(' ')),
    new Set(['openid', 'profile', 'email', 'orders:read', 'catalogue:write']),
  );
  assert.ok(payload.jti && payload.sid && payload.iat && payload.exp);

  const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  assert.deepEqual(info, {
    sub: app.seed.owner.id,
    name: 'Olive Owner',
    email: app.seed.owner.email,
    email_verified: true,
  });

  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  assert.notEqual(refreshed.refresh_token, tokens.refresh_token, 'rotated');
  assert.equal((await oidc.fetchUserInfo(config, refreshed.access_token, claims.sub)).sub, claims.sub);
  await oidc.tokenRevocation(config, refreshed.refresh_token!);
  await assert.rejects(oidc.refreshTokenGrant(config, refreshed.refresh_token!), invalidGrant, 'revoked');
  await assert.rejects(oidc.fetchUserInfo(config, refreshed.access_token, claims.sub), 'its grant ended with it');
});

test('a refresh token used twice ends the grant: the rotated one is refused too', async () => {
  const { config } = await ledger();
  const { url, verifier } = await authorizationUrl(config, 'openid offline_access');
  const customer = { role: 'customer' as const, email: app.seed.customer.email, password: PASSWORDS.customer };
  const { callback } = await oauthBrowser(app.url).authorize(url, customer);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    idTokenExpected: true,
  });
  assert.equal(tokens.claims()!.sub, app.seed.customer.id, 'a customer signs in for identity scopes alone');
  const next = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token!), invalidGrant);
  await assert.rejects(oidc.refreshTokenGrant(config, next.refresh_token!), invalidGrant, 'reuse ended the grant');
});

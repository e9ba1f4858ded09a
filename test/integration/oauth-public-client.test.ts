// A public app (a native or command-line app, an agent) with oauth4webapi: no secret, PKCE alone, a
// loopback redirect URI, a resource indicator (RFC 8707) whose token is for that service only, then
// refresh with rotation and revocation (RFC 7009).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as oauth from 'oauth4webapi';
import { PASSWORDS } from '../support/accounts';
import { oauthBrowser, oauthSuite, registerApp } from '../support/oauth-browser';

const app = oauthSuite();
const REDIRECT = 'http://127.0.0.1:8765/callback';
const ORDERS = 'https://orders.example/';
const options = { [oauth.allowInsecureRequests]: true };
const decoded = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

test('a public app: code + PKCE for a resource, its token for that resource alone, refresh, revocation', async () => {
  const created = await registerApp(app.db, {
    name: 'Order agent',
    type: 'public',
    redirect_uris: [REDIRECT],
    scopes: ['openid', 'offline_access', 'orders:read'],
  });
  assert.equal(created.client_secret, undefined);
  const issuer = new URL(app.url);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
  const client: oauth.Client = { client_id: created.client_id };
  const none = oauth.None();

  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  for (const [name, value] of Object.entries({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid offline_access orders:read',
    resource: ORDERS,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(name, value);
  const owner = { role: 'vendor' as const, email: app.seed.owner.email, password: PASSWORDS.owner };
  const { consent, callback } = await oauthBrowser(app.url).authorize(url, owner);
  assert.ok(consent, 'a native app is always asked about');
  assert.equal(callback.origin + callback.pathname, REDIRECT);

  const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
  const exchanged = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, none, params, REDIRECT, verifier, options),
    { requireIdToken: true },
  );
  assert.equal(oauth.getValidatedIdTokenClaims(exchanged)?.sub, app.seed.owner.id);
  const access = decoded(exchanged.access_token);
  assert.equal(access.aud, ORDERS, 'aud is the resource asked for');
  assert.equal(access.scope, 'orders:read');
  assert.equal(access.client_id, client.client_id);

  const userinfo = await oauth.userInfoRequest(as, client, exchanged.access_token, options);
  assert.equal(userinfo.status, 401, "a token for another service does not open this service's userinfo");

  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, none, exchanged.refresh_token!, options),
  );
  assert.notEqual(refreshed.refresh_token, exchanged.refresh_token, 'rotated');
  assert.equal(decoded(refreshed.access_token).aud, ORDERS, 'still for the granted resource');

  const revoked = await oauth.revocationRequest(as, client, none, refreshed.refresh_token!, options);
  await oauth.processRevocationResponse(revoked);
  const again = await oauth.refreshTokenGrantRequest(as, client, none, refreshed.refresh_token!, options);
  assert.equal(again.status, 400);
  assert.equal(((await again.json()) as { error: string }).error, 'invalid_grant');
});

test('a public app cannot authenticate with a secret it does not have, nor skip PKCE at the token endpoint', async () => {
  const created = await registerApp(app.db, {
    name: 'Cli',
    type: 'public',
    redirect_uris: [REDIRECT],
    scopes: ['openid'],
  });
  const res = await fetch(`${app.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: created.client_id,
      code: 'not-a-code',
      redirect_uri: REDIRECT,
    }),
  });
  assert.equal(res.status, 400);
  assert.ok(['invalid_grant', 'invalid_request'].includes(((await res.json()) as { error: string }).error));
});

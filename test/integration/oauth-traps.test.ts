// The known traps of an authorization server, each refused: an unknown app or an unregistered redirect
// URI shows a page and redirects nowhere; a missing or wrong PKCE verifier; a code used twice (its
// tokens then refused), or past its 60 seconds; a scope beyond the person's own modules neither offered nor granted; a
// consent page that would be framed; a denial; and a first-party app that asks nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as oidc from 'openid-client';
import { PASSWORDS, withContainer } from '../support/accounts';
import { authorizationUrl, oauthBrowser, oauthSuite, registerApp, type Person } from '../support/oauth-browser';

const app = oauthSuite();
const REDIRECT = 'https://shipping.example/cb';
const insecure = { execute: [oidc.allowInsecureRequests] };
const errorOf = (error: unknown) => (error as { error?: string }).error;
const owner = () => ({ role: 'vendor' as const, email: app.seed.owner.email, password: PASSWORDS.owner });
const shopper = () => ({ role: 'customer' as const, email: app.seed.customer.email, password: PASSWORDS.customer });
const cashier = () => ({ role: 'vendor' as const, email: app.seed.employee.email, password: PASSWORDS.employee });

const secrets = new Map<string, string>();
function basicOf(config: oidc.Configuration) {
  const id = config.clientMetadata().client_id;
  return `Basic ${Buffer.from(`${id}:${secrets.get(id)}`).toString('base64')}`;
}

async function shipping(extra: object = {}) {
  const created = await registerApp(app.db, {
    name: 'Shipping',
    type: 'confidential',
    redirect_uris: [REDIRECT],
    scopes: ['openid', 'offline_access', 'orders:read', 'orders:write', 'catalogue:read'],
    ...extra,
  });
  secrets.set(created.client_id, created.client_secret!);
  const auth = oidc.ClientSecretBasic(created.client_secret);
  return oidc.discovery(new URL(app.url), created.client_id, undefined, auth, insecure);
}

async function codeOf(
  config: oidc.Configuration,
  scope: string,
  person: Person = owner(),
  extra: Record<string, string> = {},
  decision: 'allow' | 'deny' = 'allow',
) {
  const { url, verifier } = await authorizationUrl(config, REDIRECT, scope, extra);
  return { verifier, ...(await oauthBrowser(app.url).authorize(url, person, decision)) };
}

test('an unregistered redirect URI or an unknown app: an error page, and no redirect anywhere', async () => {
  const config = await shipping();
  const browser = oauthBrowser(app.url);
  const challenge = await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier());
  const params = { scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256', state: 's' };
  const elsewhere = oidc.buildAuthorizationUrl(config, { ...params, redirect_uri: 'https://attacker.example/cb' });
  const unknown = new URL(elsewhere);
  unknown.searchParams.set('client_id', 'app_notregisteredatall0000');
  unknown.searchParams.set('redirect_uri', REDIRECT);
  for (const url of [elsewhere, unknown]) {
    const page = await browser.visit('GET', url);
    assert.equal(page.status, 400, url.href);
    assert.equal(page.location, undefined, 'redirects nowhere');
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.doesNotMatch(page.text, /attacker\.example/);
  }
});

test('PKCE: a request without a challenge is refused; a missing or wrong verifier gets no token', async () => {
  const config = await shipping();
  const withoutChallenge = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid', state: 's' });
  const refused = await oauthBrowser(app.url).visit('GET', withoutChallenge);
  assert.equal(refused.location?.origin + refused.location!.pathname, REDIRECT, 'the app is known good: told so');
  assert.equal(refused.location?.searchParams.get('error'), 'invalid_request');

  const { callback } = await codeOf(config, 'openid', shopper());
  await assert.rejects(
    oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: oidc.randomPKCECodeVerifier() }),
    (e) => errorOf(e) === 'invalid_grant',
    'a wrong verifier',
  );
  const second = await codeOf(config, 'openid', shopper());
  const code = second.callback.searchParams.get('code')!;
  const res = await fetch(`${app.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicOf(config) },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }),
  });
  assert.equal(res.status, 400, 'no verifier');
  assert.ok(['invalid_grant', 'invalid_request'].includes(((await res.json()) as { error: string }).error));
});

test('a code used twice: the second exchange fails and the tokens of the first are refused', async () => {
  const config = await shipping();
  const { callback, verifier } = await codeOf(config, 'openid offline_access', shopper());
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
  await assert.rejects(
    oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier }),
    (e) => errorOf(e) === 'invalid_grant',
  );
  await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token!), (e) => errorOf(e) === 'invalid_grant');
  await assert.rejects(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck), 'userinfo refuses it');
});

test('a code lives 60 seconds: one issued 61 seconds ago gets no token', async () => {
  const config = await shipping();
  const { callback, verifier } = await codeOf(config, 'openid', shopper());
  const id = callback.searchParams.get('code')!;
  // Sixty-one seconds pass for the stored code: its row's expiry and the claims oidc-provider checks.
  const aged = await withContainer(app.db, async ({ db }) => {
    const rows = db.prisma.oAuthPayload;
    const row = await rows.findUniqueOrThrow({ where: { kind_id: { kind: 'AuthorizationCode', id } } });
    const lifetime = (row.expiresAt!.getTime() - Date.now()) / 1000;
    const payload = row.payload as { iat: number; exp: number };
    await rows.update({
      where: { kind_id: { kind: 'AuthorizationCode', id } },
      data: {
        payload: { ...payload, iat: payload.iat - 61, exp: payload.exp - 61 },
        expiresAt: new Date(row.expiresAt!.getTime() - 61_000),
      },
    });
    return lifetime;
  });
  assert.ok(aged > 55 && aged <= 60, `the code was stored for 60 s (${aged} s left)`);
  await assert.rejects(
    oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier }),
    (e) => errorOf(e) === 'invalid_grant',
  );
});

test("a scope beyond the person's modules is neither offered nor in the token", async () => {
  const config = await shipping();
  const scope = 'openid orders:read orders:write catalogue:read';
  const { consent, callback, verifier } = await codeOf(config, scope, cashier());
  assert.ok(consent);
  assert.match(consent.text, /See Corner Shop&#39;s orders/);
  assert.doesNotMatch(consent.text, /Create and change|catalogue/, 'the cashier holds orders:read alone');
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
  assert.deepEqual(tokens.scope?.split(' ').sort(), ['openid', 'orders:read']);
  const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString('utf8'));
  assert.deepEqual(String(claims.scope).split(' ').sort(), ['openid', 'orders:read']);
});

test('the consent page cannot be framed; a denial goes back with access_denied, state and iss', async () => {
  const config = await shipping();
  const { consent, callback } = await codeOf(config, 'openid orders:read', owner(), { state: 'kept' }, 'deny');
  assert.equal(consent?.headers.get('x-frame-options'), 'DENY');
  assert.match(consent?.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  assert.equal(callback.searchParams.get('error'), 'access_denied');
  assert.equal(callback.searchParams.get('state'), 'kept');
  assert.equal(callback.searchParams.get('iss'), app.url);
  assert.equal(callback.searchParams.get('code'), null);
});

test('a first-party app asks no consent', async () => {
  const config = await shipping({ name: 'Platform storefront', first_party: true });
  const { consent, callback, verifier } = await codeOf(config, 'openid orders:read');
  assert.equal(consent, undefined);
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
  assert.equal(tokens.claims()?.sub, app.seed.owner.id);
});

test('bad input gets a 4xx answer, never a 500', async () => {
  const browser = oauthBrowser(app.url);
  const answers = [
    await browser.visit('GET', '/oauth/interaction/no-such-interaction'),
    await browser.visit('POST', '/oauth/interaction/no-such-interaction/login', '{}', 'application/json'),
    await browser.visit('GET', '/oauth/interaction/no-such-interaction/consent'),
    await browser.visit('GET', '/oauth/no-such-path'),
    await browser.visit('GET', '/oauth/authorize'),
    await browser.visit('POST', '/oauth/token', '%%%', 'application/x-www-form-urlencoded'),
    await browser.visit('GET', '/oauth/userinfo'),
  ];
  for (const answer of answers) {
    assert.ok(answer.status >= 400 && answer.status < 500, `${answer.url.pathname}: ${answer.status} ${answer.text}`);
    assert.equal(answer.location, undefined);
  }

  const config = await shipping();
  const { url } = await authorizationUrl(config, REDIRECT, 'openid orders:read');
  const signInPage = (await browser.follow(url)).at(-1)!;
  const handOff = `${signInPage.url.searchParams.get('return')}/login`;
  const notJson = await browser.visit('POST', handOff, 'access_token=x', 'application/x-www-form-urlencoded');
  assert.equal(notJson.status, 400);
  assert.equal(notJson.headers.get('content-type'), 'application/problem+json');
  const forged = await browser.visit('POST', handOff, JSON.stringify({ access_token: 'a.b.c' }), 'application/json');
  assert.equal(forged.status, 401);
  assert.equal(JSON.parse(forged.text).code, 'invalid_token');
});

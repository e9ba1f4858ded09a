// Apps registering themselves (RFC 7591, OAUTH_DYNAMIC_REGISTRATION=1): off by default; on, a
// registration gets a public client with the scopes OAUTH_REGISTRATION_SCOPES allows, a confidential
// method, a first-party mark or another scope is refused with RFC 7591's error, an address is limited
// (429), and the app is on the admins' list marked registered, where an admin removes it.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, test } from 'node:test';
import { administrationSuite, call, problemOf } from '../support/admin-world';
import type { RunningApp } from '../support/app-process';
import { request } from '../support/http';

const { privateKey } = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const KEY = { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: privateKey };
const PER_ADDRESS = 10;
let off: RunningApp; // the same database, registration left at its default
const app = administrationSuite(
  async (suite) => {
    off = await suite.start(KEY);
  },
  {
    env: {
      ...KEY,
      OAUTH_DYNAMIC_REGISTRATION: '1',
      OAUTH_REGISTRATION_SCOPES: 'openid offline_access orders:read',
      RATE_LIMIT_APP_REGISTRATION_PER_IP: String(PER_ADDRESS),
    },
  },
);
after(() => off?.stop());

const REDIRECT = 'http://127.0.0.1:33418/callback';
const register = (body: unknown, base = app.url) => request(base, 'POST', '/oauth/register', { json: body });
let sent = 0;
const counted = (body: unknown) => {
  sent += 1;
  return register(body);
};

function assertRefused(res: Awaited<ReturnType<typeof register>>, error: string, label: string) {
  assert.equal(res.status, 400, `${label}: ${res.text}`);
  assert.equal(res.headers.get('content-type'), 'application/json', label);
  assert.equal(res.body.error, error, label);
  assert.equal(typeof res.body.error_description, 'string', label);
}

test('off by default: /oauth/register is 404 problem+json and discovery names no registration endpoint', async () => {
  const res = await register({ redirect_uris: [REDIRECT] }, off.url);
  problemOf(res, 404, 'not_found', 'registration off');
  const discovery = await request(off.url, 'GET', '/.well-known/oauth-authorization-server');
  assert.equal(discovery.status, 200, discovery.text);
  assert.equal(discovery.body.registration_endpoint, undefined);
  const on = await request(app.url, 'GET', '/.well-known/oauth-authorization-server');
  assert.equal(on.body.registration_endpoint, `${app.url}/oauth/register`);
  assert.equal(
    (await request(app.url, 'GET', '/.well-known/openid-configuration')).body.registration_endpoint,
    on.body.registration_endpoint,
  );
});

test('a registration gets a public client with the allowed scopes it asked for; it is listed as registered and an admin removes it', async () => {
  const res = await counted({
    client_name: 'Claude',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: 'orders:read offline_access',
    logo_uri: 'https://agent.example/logo.png',
  });
  assert.equal(res.status, 201, res.text);
  assert.match(res.body.client_id, /^app_[A-Za-z0-9_-]{22}$/);
  assert.equal(res.body.client_secret, undefined, 'a public client holds no secret');
  assert.equal(res.body.token_endpoint_auth_method, 'none');
  assert.equal(res.body.scope, 'orders:read offline_access');
  assert.deepEqual(res.body.redirect_uris, [REDIRECT]);
  assert.deepEqual(res.body.grant_types, ['authorization_code', 'refresh_token']);
  assert.equal(typeof res.body.client_id_issued_at, 'number');

  const listed = await call(app.url, 'GET', '/api/v1/admin/apps?limit=100', app.tokens.integrationsAdmin);
  assert.equal(listed.status, 200, listed.text);
  const row = listed.body.items.find((a: { client_id: string }) => a.client_id === res.body.client_id);
  assert.deepEqual(
    { name: row.name, type: row.type, first_party: row.first_party, registered: row.registered, scopes: row.scopes },
    { name: 'Claude', type: 'public', first_party: false, registered: true, scopes: ['orders:read', 'offline_access'] },
  );
  const events = await call(
    app.url,
    'GET',
    '/api/v1/admin/audit-events?event=app_created&limit=100',
    app.tokens.superAdmin,
  );
  const event = events.body.items.find(
    (e: { details: { client_id?: string } }) => e.details.client_id === res.body.client_id,
  );
  assert.equal(event?.details.registered, true);
  assert.equal(event?.actor, null, 'nobody signed in registered it');

  const removed = await call(app.url, 'DELETE', `/api/v1/admin/apps/${row.id}`, app.tokens.integrationsAdmin);
  assert.equal(removed.status, 204, removed.text);
  const gone = await call(app.url, 'GET', `/api/v1/admin/apps/${row.id}`, app.tokens.integrationsAdmin);
  problemOf(gone, 404, 'not_found', 'removed');

  // Without a scope the app gets every scope a registration may hold.
  const bare = await counted({ redirect_uris: [REDIRECT] });
  assert.equal(bare.status, 201, bare.text);
  assert.equal(bare.body.scope, 'openid offline_access orders:read');
  assert.equal(bare.body.client_name, 'Unnamed app');
});

test('a scope outside OAUTH_REGISTRATION_SCOPES, a confidential method, first-party or a bad redirect URI is refused (RFC 7591)', async () => {
  assertRefused(
    await counted({ redirect_uris: [REDIRECT], scope: 'orders:read orders:write' }),
    'invalid_client_metadata',
    'scope',
  );
  assertRefused(
    await counted({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' }),
    'invalid_client_metadata',
    'confidential',
  );
  assertRefused(
    await counted({ redirect_uris: [REDIRECT], first_party: true }),
    'invalid_client_metadata',
    'first-party',
  );
  assertRefused(
    await counted({ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }),
    'invalid_client_metadata',
    'grant',
  );
  assertRefused(
    await counted({ redirect_uris: ['http://agent.example/callback'] }),
    'invalid_redirect_uri',
    'http off loopback',
  );
  assertRefused(await counted({ redirect_uris: [] }), 'invalid_redirect_uri', 'none');
  // Refused before they count: not JSON.
  const text = await request(app.url, 'POST', '/oauth/register', {
    body: 'redirect_uris=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assertRefused(text, 'invalid_client_metadata', 'a form');
  const broken = await request(app.url, 'POST', '/oauth/register', {
    body: '{"redirect_uris":',
    headers: { 'content-type': 'application/json' },
  });
  assertRefused(broken, 'invalid_client_metadata', 'broken JSON');
  const get = await request(app.url, 'GET', '/oauth/register');
  problemOf(get, 405, 'method_not_allowed', 'GET');
});

test('past RATE_LIMIT_APP_REGISTRATION_PER_IP registrations from one address answer 429 with Retry-After', async () => {
  while (sent < PER_ADDRESS) assert.equal((await counted({ redirect_uris: [REDIRECT] })).status, 201);
  const limited = await register({ redirect_uris: [REDIRECT] });
  problemOf(limited, 429, 'rate_limited', 'past the limit');
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
});

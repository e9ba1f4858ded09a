// The platform's apps: an admin with `integrations` registers one (a confidential app sees its secret
// once, a public one has none), reads, changes, rotates and removes it; redirect URIs and scopes are
// checked; the operator does the same from the CLI. Each change is an audit event; only hashes are stored.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { withContainer } from '../support/accounts';
import { administrationSuite, call, problemOf } from '../support/admin-world';
import { runCli } from '../support/operator-cli';

const app = administrationSuite();
const base = '/api/v1/admin/apps';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const storedRow = (id: string) => withContainer(app.db, ({ db }) => db.prisma.oAuthApp.findUnique({ where: { id } }));
const eventsOf = async (event: string) =>
  (await call(app.url, 'GET', `/api/v1/admin/audit-events?event=${event}&limit=100`, app.tokens.superAdmin)).body
    .items as { details: Record<string, unknown>; actor: unknown }[];

const ledger = {
  name: '  Ledger  ',
  type: 'confidential',
  redirect_uris: ['https://ledger.example/callback', 'https://ledger.example/callback'],
  scopes: ['openid', 'email', 'orders:read', 'orders:read'],
  homepage_url: 'https://ledger.example',
};

test('an admin with integrations registers a confidential app, sees its secret once, changes, rotates and removes it', async () => {
  const token = app.tokens.integrationsAdmin;
  const created = await call(app.url, 'POST', base, token, ledger);
  assert.equal(created.status, 201, created.text);
  const { id, client_id, client_secret } = created.body;
  assert.deepEqual(
    { ...created.body, id: undefined, client_id: undefined, client_secret: undefined },
    {
      id: undefined,
      client_id: undefined,
      client_secret: undefined,
      name: 'Ledger',
      type: 'confidential',
      first_party: false,
      registered: false,
      homepage_url: 'https://ledger.example',
      redirect_uris: ['https://ledger.example/callback'],
      scopes: ['openid', 'email', 'orders:read'],
      created_at: created.body.created_at,
      updated_at: created.body.updated_at,
    },
  );
  assert.match(client_id, /^app_[A-Za-z0-9_-]{22}$/);
  assert.match(client_secret, /^[A-Za-z0-9_-]{43}$/, '256 bits, base64url');

  const row = await storedRow(id);
  assert.equal(row?.secretHash, sha256(client_secret), 'only the hash is stored');
  assert.ok(!JSON.stringify(row).includes(client_secret));

  const listed = await call(app.url, 'GET', base, token);
  assert.equal(listed.status, 200);
  const { client_secret: _shownOnce, ...view } = created.body;
  assert.deepEqual(
    listed.body.items.find((a: { id: string }) => a.id === id),
    view,
  );
  assert.ok(!listed.text.includes(client_secret), 'the list never shows a secret');
  assert.deepEqual((await call(app.url, 'GET', `${base}/${id}`, token)).body, view);

  const changed = await call(app.url, 'PATCH', `${base}/${id}`, token, {
    name: 'Ledger Pro',
    scopes: ['openid', 'orders:read', 'orders:write'],
    homepage_url: null,
  });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.name, 'Ledger Pro');
  assert.deepEqual(changed.body.scopes, ['openid', 'orders:read', 'orders:write']);
  assert.equal(changed.body.homepage_url, null);
  assert.deepEqual(changed.body.redirect_uris, ['https://ledger.example/callback'], 'what is not sent stays');
  assert.equal(changed.body.client_id, client_id);

  const rotated = await call(app.url, 'POST', `${base}/${id}/secret`, token);
  assert.equal(rotated.status, 200, rotated.text);
  assert.equal(rotated.body.client_id, client_id);
  assert.notEqual(rotated.body.client_secret, client_secret);
  const overlap = Date.parse(rotated.body.previous_valid_until) - Date.now();
  assert.ok(overlap > 23 * 3600_000 && overlap <= 24 * 3600_000, 'the previous secret is good for 24 h');
  const afterRotation = await storedRow(id);
  assert.equal(afterRotation?.secretHash, sha256(rotated.body.client_secret));
  assert.equal(afterRotation?.previousSecretHash, sha256(client_secret));

  assert.equal((await call(app.url, 'DELETE', `${base}/${id}`, token)).status, 204);
  problemOf(await call(app.url, 'DELETE', `${base}/${id}`, token), 404, 'not_found', 'removed twice');
  problemOf(await call(app.url, 'GET', `${base}/${id}`, token), 404, 'not_found', 'reading a removed app');
  problemOf(await call(app.url, 'PATCH', `${base}/${id}`, token, { name: 'x' }), 404, 'not_found', 'changing it');
  problemOf(await call(app.url, 'POST', `${base}/${id}/secret`, token), 404, 'not_found', 'rotating it');
  assert.equal(await storedRow(id), null);

  for (const event of ['app_created', 'app_changed', 'app_secret_rotated', 'app_deleted']) {
    const [entry] = (await eventsOf(event)).filter((e) => e.details.app_id === id);
    assert.ok(entry, `${event} is in the audit trail`);
    assert.equal(entry.details.client_id, client_id);
    assert.deepEqual(entry.actor, {
      role: 'admin',
      account_id: app.w.integrationsAdmin.id,
      email: app.w.integrationsAdmin.email,
      name: app.w.integrationsAdmin.name,
    });
    assert.ok(!JSON.stringify(entry).includes(client_secret));
  }
  const [change] = (await eventsOf('app_changed')).filter((e) => e.details.app_id === id);
  assert.deepEqual(change?.details.changed, ['name', 'scopes', 'homepage_url']);
});

test('a public app has no secret, nothing to rotate, and may be first-party', async () => {
  const created = await call(app.url, 'POST', base, app.tokens.superAdmin, {
    name: 'Storefront',
    type: 'public',
    first_party: true,
    redirect_uris: ['http://127.0.0.1/callback', 'http://[::1]:8080/cb', 'http://localhost:3000/cb'],
    scopes: ['openid', 'profile', 'email', 'offline_access'],
  });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.client_secret, undefined);
  assert.equal(created.body.first_party, true);
  assert.equal((await storedRow(created.body.id))?.secretHash, null);
  problemOf(
    await call(app.url, 'POST', `${base}/${created.body.id}/secret`, app.tokens.superAdmin),
    409,
    'conflict',
    'rotating a public app',
  );
});

test('redirect URIs are https, or http on a loopback address; scopes are the known ones', async () => {
  const refused = async (change: object, why: string) =>
    problemOf(
      await call(app.url, 'POST', base, app.tokens.superAdmin, { ...ledger, ...change }),
      400,
      'validation_failed',
      why,
    );
  await refused({ redirect_uris: ['http://ledger.example/callback'] }, 'http at a public host');
  await refused({ redirect_uris: ['http://10.0.0.1/callback'] }, 'http at a private address');
  await refused({ redirect_uris: ['https://ledger.example/cb#fragment'] }, 'a fragment (RFC 6749 3.1.2)');
  await refused({ redirect_uris: ['https://user:pw@ledger.example/cb'] }, 'credentials in the URI');
  await refused({ redirect_uris: ['com.ledger.app:/callback'] }, 'a private-use scheme');
  await refused({ redirect_uris: ['/callback'] }, 'a relative URI');
  await refused({ redirect_uris: [] }, 'no redirect URI');
  await refused({ scopes: ['orders:read', 'admins:write'] }, 'an admin module is no app scope');
  await refused({ scopes: ['orders:own'] }, 'an unknown action');
  await refused({ scopes: [] }, 'no scope');
  await refused({ type: 'native' }, 'an unknown type');
  await refused({ name: ' ' }, 'a blank name');
  await refused({ homepage_url: 'javascript:alert(1)' }, 'a homepage that is no web address');
  problemOf(
    await call(app.url, 'PATCH', `${base}/no-such-app`, app.tokens.superAdmin, {}),
    400,
    'validation_failed',
    'a change of nothing',
  );
  problemOf(
    await call(app.url, 'PATCH', `${base}/no-such-app`, app.tokens.superAdmin, { type: 'public' }),
    400,
    'validation_failed',
    'the type never changes',
  );
});

test('admins without integrations and other roles are refused', async () => {
  problemOf(await call(app.url, 'GET', base, app.tokens.ordersAdmin), 403, 'forbidden', 'orders admin');
  problemOf(await call(app.url, 'POST', base, app.tokens.ordersAdmin, ledger), 403, 'forbidden', 'orders admin');
  problemOf(await call(app.url, 'GET', base, app.tokens.owner), 401, 'invalid_token', 'vendor token');
});

test('the operator registers and removes an app from the CLI', async () => {
  const made = await runCli(app.db, [
    'app:create',
    '--name',
    'Courier',
    '--type',
    'confidential',
    '--redirect-uris',
    'https://courier.example/a,https://courier.example/b',
    '--scopes',
    'openid,orders:read',
    '--first-party',
  ]);
  assert.equal(made.code, 0, made.stderr);
  assert.equal(made.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
  const { id, client_id, client_secret } = made.json;
  assert.deepEqual(made.json.redirect_uris, ['https://courier.example/a', 'https://courier.example/b']);
  assert.equal(made.json.first_party, true);
  assert.equal((await storedRow(id))?.secretHash, sha256(client_secret));

  const removed = await runCli(app.db, ['app:delete', '--client-id', client_id]);
  assert.deepEqual(removed.json, { id, client_id, deleted: true });
  assert.equal(await storedRow(id), null);
  const again = await runCli(app.db, ['app:delete', '--client-id', client_id]);
  assert.notEqual(again.code, 0);
  assert.match(again.stderr, /No such app/);
  const wrong = await runCli(app.db, [
    'app:create',
    '--name',
    'x',
    '--type',
    'public',
    '--redirect-uris',
    'http://a.example/',
    '--scopes',
    'openid',
  ]);
  assert.notEqual(wrong.code, 0, 'the CLI checks redirect URIs as the routes do');

  const [created] = (await eventsOf('app_created')).filter((e) => e.details.app_id === id);
  assert.equal(created?.actor, null);
  assert.equal(created?.details.operator, true);
});

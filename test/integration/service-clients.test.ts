// Service clients: an admin with `integrations` registers one and sees its secret once, lists them
// (never a secret), rotates and removes them; the operator does the same from the CLI. Each change
// is an audit event, and only a hash of a secret is stored.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { withContainer } from '../support/accounts';
import { administrationSuite, call, problemOf } from '../support/admin-world';
import { runCli } from '../support/operator-cli';

const app = administrationSuite();
const base = '/api/v1/admin/service-clients';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const storedRow = (id: string) =>
  withContainer(app.db, ({ db }) => db.prisma.serviceClient.findUnique({ where: { id } }));
const eventsOf = async (event: string) =>
  (await call(app.url, 'GET', `/api/v1/admin/audit-events?event=${event}&limit=100`, app.tokens.superAdmin)).body
    .items as { details: Record<string, unknown>; actor: unknown }[];

test('an admin with integrations registers a client, sees its secret once, rotates it and removes it', async () => {
  const token = app.tokens.integrationsAdmin;
  const created = await call(app.url, 'POST', base, token, { name: '  orders  ' });
  assert.equal(created.status, 201, created.text);
  const { id, name, client_id, client_secret, created_at } = created.body;
  assert.deepEqual(Object.keys(created.body).sort(), ['client_id', 'client_secret', 'created_at', 'id', 'name']);
  assert.equal(name, 'orders');
  assert.match(client_id, /^svc_[A-Za-z0-9_-]{22}$/);
  assert.match(client_secret, /^[A-Za-z0-9_-]{43}$/, '256 bits, base64url');
  assert.ok(!Number.isNaN(Date.parse(created_at)));

  const row = await storedRow(id);
  assert.equal(row?.secretHash, sha256(client_secret), 'only the hash is stored');
  assert.ok(!JSON.stringify(row).includes(client_secret));

  const listed = await call(app.url, 'GET', base, token);
  assert.equal(listed.status, 200);
  assert.deepEqual(
    listed.body.items.find((c: { id: string }) => c.id === id),
    { id, name: 'orders', client_id, created_at },
  );
  assert.ok(!listed.text.includes(client_secret), 'the list never shows a secret');
  assert.equal(listed.body.next_cursor, null);

  const rotated = await call(app.url, 'POST', `${base}/${id}/secret`, token);
  assert.equal(rotated.status, 200, rotated.text);
  assert.equal(rotated.body.client_id, client_id);
  assert.notEqual(rotated.body.client_secret, client_secret);
  const overlap = Date.parse(rotated.body.previous_valid_until) - Date.now();
  assert.ok(
    overlap > 23 * 3600_000 && overlap <= 24 * 3600_000,
    'the previous secret is good for SERVICE_SECRET_OVERLAP (24h)',
  );
  const afterRotation = await storedRow(id);
  assert.equal(afterRotation?.secretHash, sha256(rotated.body.client_secret));
  assert.equal(afterRotation?.previousSecretHash, sha256(client_secret));

  assert.equal((await call(app.url, 'DELETE', `${base}/${id}`, token)).status, 204);
  problemOf(await call(app.url, 'DELETE', `${base}/${id}`, token), 404, 'not_found', 'removed twice');
  problemOf(await call(app.url, 'POST', `${base}/${id}/secret`, token), 404, 'not_found', 'rotating a removed client');
  assert.equal(await storedRow(id), null);

  for (const event of ['service_client_created', 'service_client_secret_rotated', 'service_client_deleted']) {
    const [entry] = (await eventsOf(event)).filter((e) => e.details.service_client_id === id);
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
});

test('a name is required and bounded; admins without integrations are refused', async () => {
  problemOf(
    await call(app.url, 'POST', base, app.tokens.superAdmin, { name: ' ' }),
    400,
    'validation_failed',
    'blank name',
  );
  problemOf(
    await call(app.url, 'POST', base, app.tokens.superAdmin, { name: 'x'.repeat(201) }),
    400,
    'validation_failed',
    'long name',
  );
  problemOf(await call(app.url, 'GET', base, app.tokens.ordersAdmin), 403, 'forbidden', 'orders admin');
  problemOf(await call(app.url, 'GET', base, app.tokens.owner), 401, 'invalid_token', 'vendor token');
});

test('the list pages oldest first with a cursor', async () => {
  const ids: string[] = [];
  for (const name of ['page-1', 'page-2', 'page-3'])
    ids.push((await call(app.url, 'POST', base, app.tokens.superAdmin, { name })).body.id);
  const seen: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page: { body: { items: { id: string }[]; next_cursor: string | null } } = await call(
      app.url,
      'GET',
      `${base}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      app.tokens.superAdmin,
    );
    seen.push(...page.body.items.map((c) => c.id));
    cursor = page.body.next_cursor;
  }
  assert.deepEqual(
    seen.filter((id) => ids.includes(id)),
    ids,
  );
});

test('the operator creates, rotates and removes a client from the CLI', async () => {
  const made = await runCli(app.db, ['service:create', '--name', 'catalogue']);
  assert.equal(made.code, 0, made.stderr);
  assert.equal(made.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
  const { id, client_id, client_secret } = made.json;
  assert.match(client_secret, /^[A-Za-z0-9_-]{43}$/);
  assert.equal((await storedRow(id))?.secretHash, sha256(client_secret));

  const rotated = await runCli(app.db, ['service:rotate', '--client-id', client_id]);
  assert.equal(rotated.code, 0, rotated.stderr);
  assert.equal(rotated.json.client_id, client_id);
  assert.equal((await storedRow(id))?.secretHash, sha256(rotated.json.client_secret));

  const removed = await runCli(app.db, ['service:delete', '--client-id', client_id]);
  assert.deepEqual(removed.json, { id, client_id, deleted: true });
  assert.equal(await storedRow(id), null);
  const again = await runCli(app.db, ['service:delete', '--client-id', client_id]);
  assert.notEqual(again.code, 0);
  assert.match(again.stderr, /No such service client/);
  const missing = await runCli(app.db, ['service:create']);
  assert.notEqual(missing.code, 0, 'a name is required');

  const [created] = (await eventsOf('service_client_created')).filter((e) => e.details.service_client_id === id);
  assert.equal(created?.actor, null);
  assert.equal(created?.details.operator, true);
});

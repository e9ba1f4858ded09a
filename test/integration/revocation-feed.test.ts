// The revocation feed over HTTP, on the started app: the current cursor without one, entries in
// commit order with their kinds, a long poll that wakes as soon as something is revoked and ends at
// once with an empty page when the instance shuts down, and 410 for a cursor the feed no longer
// covers (swept) or never gave; malformed queries are 400.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';
import { revocations, registerServiceClient, type ServiceCredentials } from '../support/service-calls';
import { signIn } from '../support/sign-in';
import { decodePayload } from '../support/tokens';
import { createSweeper } from '@/server/db/sweeper';

let client: ServiceCredentials;
const app = appSuite({ setup: async (suite) => void (client = await registerServiceClient(suite.db, 'feed reader')) });

async function currentCursor(): Promise<string> {
  const res = await revocations(app.url, client);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.body.items, []);
  assert.match(res.body.cursor, /^\d+$/);
  return res.body.cursor as string;
}

const logout = (refreshToken: string) =>
  request(app.url, 'POST', '/api/v1/auth/vendor/logout', { json: { refresh_token: refreshToken } });

test('without a cursor: the current one; after it, what was revoked since, oldest first, with a later cursor', async () => {
  const first = await signIn(app.url, 'vendor', app.seed.employee.email, PASSWORDS.employee);
  const second = await signIn(app.url, 'vendor', app.seed.employee.email, PASSWORDS.employee);
  const cursor = await currentCursor();
  const quiet = await revocations(app.url, client, `?after=${cursor}`);
  assert.deepEqual(quiet.body, { items: [], cursor }, 'nothing since: the same cursor, at once');

  const before = Math.floor(Date.now() / 1000);
  assert.equal((await logout(first.refresh_token)).status, 204);
  assert.equal((await logout(second.refresh_token)).status, 204);
  const page = await revocations(app.url, client, `?after=${cursor}`);
  assert.equal(page.status, 200, page.text);
  assert.deepEqual(
    page.body.items.map((i: { kind: string; id: string }) => [i.kind, i.id]),
    [
      ['session', decodePayload(first.access_token).sid],
      ['session', decodePayload(second.access_token).sid],
    ],
  );
  for (const item of page.body.items)
    assert.ok(
      item.at >= before - 1 && item.at <= Math.floor(Date.now() / 1000),
      `at ${item.at} is the second before the revocation`,
    );
  assert.ok(Number(page.body.cursor) > Number(cursor));
  assert.deepEqual((await revocations(app.url, client, `?after=${page.body.cursor}`)).body, {
    items: [],
    cursor: page.body.cursor,
  });
});

test('disabling an account announces the account and each session it ended', async () => {
  const owner = (await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner)).access_token;
  const employee = await signIn(app.url, 'vendor', app.seed.employee.email, PASSWORDS.employee);
  const cursor = await currentCursor();
  const disabled = await request(app.url, 'POST', `/api/v1/vendor/accounts/${app.seed.employee.id}/disable`, {
    token: owner,
  });
  assert.equal(disabled.status, 200, disabled.text);
  const items = (await revocations(app.url, client, `?after=${cursor}`)).body.items as { kind: string; id: string }[];
  const account = items.find((i) => i.kind === 'account');
  assert.equal(account?.id, app.seed.employee.id, 'the account');
  assert.ok(
    items.some((i) => i.kind === 'session' && i.id === decodePayload(employee.access_token).sid),
    'its session',
  );
  assert.equal(
    (await request(app.url, 'POST', `/api/v1/vendor/accounts/${app.seed.employee.id}/enable`, { token: owner })).status,
    200,
  );
});

test('a long poll waits, and answers within a second of a revocation', async () => {
  const signed = await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner);
  const cursor = await currentCursor();
  const started = Date.now();
  const empty = await revocations(app.url, client, `?after=${cursor}&wait=1`);
  assert.deepEqual(empty.body.items, []);
  assert.ok(Date.now() - started >= 900, 'it waited for the second asked');

  const polling = revocations(app.url, client, `?after=${cursor}&wait=20`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const revokedAt = Date.now();
  assert.equal((await logout(signed.refresh_token)).status, 204);
  const page = await polling;
  const latency = Date.now() - revokedAt;
  assert.equal(page.status, 200, page.text);
  assert.deepEqual(
    page.body.items.map((i: { id: string }) => i.id),
    [decodePayload(signed.access_token).sid],
  );
  assert.ok(latency < 1000, `answered ${latency} ms after the logout`);
});

test('malformed cursors and waits are 400, a cursor ahead of the feed 410, and no credentials 401', async () => {
  const cursor = await currentCursor();
  for (const query of [
    '?after=abc',
    '?after=-1',
    '?after=1.5',
    `?after=${'9'.repeat(16)}`,
    `?after=${cursor}&wait=31`,
    `?after=${cursor}&wait=x`,
    `?after=${cursor}&wait=-1`,
    '?after=1%00',
    `?after=${cursor}&wait=1%00`,
  ]) {
    const res = await revocations(app.url, client, query);
    assert.equal(res.status, 400, `${query}: ${res.text}`);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(res.body.errors?.[0]?.path, query.includes('wait') ? 'wait' : 'after', query);
  }
  const ahead = await revocations(app.url, client, `?after=${Number(cursor) + 1000}`);
  assert.equal(ahead.status, 410, ahead.text);
  assert.equal(ahead.body.code, 'cursor_expired');
  const anonymous = await request(app.url, 'GET', `/api/v1/auth/revocations?after=${cursor}`);
  assert.equal(anonymous.status, 401);
  assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Basic /);
});

test('entries older than the retention are swept; a cursor from before them is 410, a later one still served', async () => {
  const signed = await signIn(app.url, 'vendor', app.seed.owner.email, PASSWORDS.owner);
  const old = await currentCursor();
  assert.equal((await logout(signed.refresh_token)).status, 204);
  const latest = (await revocations(app.url, client, `?after=${old}`)).body.cursor as string;
  const removed = await withContainer(app.db, async ({ db, logger, config }) => {
    const later = { now: () => new Date(Date.now() + (config.serviceClients.revocationRetention + 60) * 1000) };
    const sweeper = createSweeper(
      db.prisma,
      later,
      logger,
      config.auditRetention,
      config.customers.unverifiedTtl,
      config.webhooks.retention,
      config.serviceClients.revocationRetention,
    );
    return (await sweeper.sweepOnce()).revocations;
  });
  assert.ok((removed ?? 0) >= 1, 'the entry was removed');
  const expired = await revocations(app.url, client, `?after=${old}`);
  assert.equal(expired.status, 410, expired.text);
  assert.equal(expired.body.code, 'cursor_expired');
  assert.equal(expired.headers.get('content-type'), 'application/problem+json');
  assert.deepEqual((await revocations(app.url, client, `?after=${latest}`)).body, { items: [], cursor: latest });
});

test('a poll waiting when the instance shuts down ends at once with an empty page', async () => {
  const other = await app.start();
  const cursor = await currentCursor();
  const polling = revocations(other.url, client, `?after=${cursor}&wait=30`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stopping = Date.now();
  const stopped = other.stop('SIGTERM');
  const page = await polling;
  assert.equal(page.status, 200, page.text);
  assert.deepEqual(page.body, { items: [], cursor });
  // Far sooner than the 30 s it would have waited (2,013 ms once on a machine at a load of 19).
  assert.ok(Date.now() - stopping < 5000, `ended ${Date.now() - stopping} ms after the signal`);
  await stopped;
});

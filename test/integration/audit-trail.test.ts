// The audit trail over HTTP: each event's cause driven once leaves exactly one event with the right
// actor, account, client address and user agent, from REST and the operator CLI; a failed event
// write undoes its change; the vendor route stays inside its business; paging survives inserts;
// no password, token, code or secret is ever stored; old events are swept.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { createSweeper } from '@/server/db/sweeper';
import { PASSWORDS, withContainer } from '../support/accounts';
import {
  EXTRA_PASSWORD,
  problemOf,
  seedAdministration,
  tokensOf,
  type AdministrationWorld,
} from '../support/admin-world';
import { appEnv, ROOT, startApp, TEST_SECRETS, type RunningApp } from '../support/app-process';
import { breakAuditInsertsFor, everyAuditRow, repairAuditInserts } from '../support/audit-database';
import { eventsAt, exactlyOne, newClient, send, type TestClient } from '../support/audit-clients';
import { createTestDatabase, type TestDatabase } from '../support/databases';

let db: TestDatabase;
let app: RunningApp;
let url: string;
let w: AdministrationWorld;
let tokens: Awaited<ReturnType<typeof tokensOf>>;
/** Every password, token and code this file sends: none may reach the table. */
const secrets = new Set<string>([...Object.values(PASSWORDS), EXTRA_PASSWORD, ...Object.values(TEST_SECRETS)]);

before(async () => {
  db = await createTestDatabase();
  app = await startApp(db, {
    TRUST_PROXY: '1',
    PASSWORD_RESET_LOG_OTP: '1',
    JWT_REFRESH_REUSE_GRACE: '1s',
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3',
  });
  url = app.url;
  w = await seedAdministration(db);
  tokens = await tokensOf(url, w);
  Object.values(tokens).forEach((token) => secrets.add(token));
});
after(async () => {
  await app?.stop();
  await db?.drop();
});

const superActor = () => ({ role: 'admin', account_id: w.admin.id });
const one = (
  event: string,
  accountId: string,
  client: TestClient | null,
  actor: { role: string; account_id: string } | null,
) => exactlyOne(url, tokens.superAdmin, event, accountId, client, actor);

let serial = 0;
/** A new admin account made over REST by the super admin (its creation is an event too). */
async function newAdmin(modules: string[] = [], client = newClient()) {
  const email = `audited-${++serial}@example.com`;
  const res = await send(url, 'POST', '/admin/admins', client, {
    token: tokens.superAdmin,
    json: { email, name: `Audited ${serial}`, password: EXTRA_PASSWORD, admin_type: 'admin', modules },
  });
  assert.equal(res.status, 201, res.text);
  return { id: res.body.id as string, email, client };
}

async function login(email: string, client: TestClient, password = EXTRA_PASSWORD) {
  const res = await send(url, 'POST', '/auth/admin/login', client, { json: { email, password } });
  if (res.status === 200) [res.body.access_token, res.body.refresh_token].forEach((t: string) => secrets.add(t));
  return res;
}

describe('each cause leaves exactly one event', () => {
  test('sign-in succeeded, failed, rate limited', async () => {
    const a = await newAdmin();
    const ok = newClient();
    assert.equal((await login(a.email, ok)).status, 200);
    const signedIn = await one('sign_in_succeeded', a.id, ok, { role: 'admin', account_id: a.id });
    assert.ok(signedIn.details.session_id, 'names the session');
    const wrong = newClient();
    assert.equal((await login(a.email, wrong, 'not-the-password-1')).status, 401);
    assert.equal((await one('sign_in_failed', a.id, wrong, null)).details.reason, 'invalid_credentials');
    const stranger = newClient();
    assert.equal(
      (
        await send(url, 'POST', '/auth/admin/login', stranger, {
          json: { email: 'nobody-here@example.com', password: 'whatever-pass-1' },
        })
      ).status,
      401,
    );
    const unknown = (await eventsAt(url, '/admin/audit-events', tokens.superAdmin, { event: 'sign_in_failed' })).filter(
      (e) => e.client_ip === stranger.ip,
    );
    assert.deepEqual(
      unknown.map((e) => [e.account_id, e.actor, e.user_agent]),
      [[null, null, stranger.ua]],
      'an unknown e-mail: one event naming no account',
    );
    assert.equal(JSON.stringify(unknown).includes('nobody-here'), false, 'the e-mail tried is not stored');
    const flood = newClient();
    for (let i = 0; i < 3; i++) assert.equal((await login(a.email, flood, `wrong-guess-${i}`)).status, 401);
    assert.equal((await login(a.email, flood, 'wrong-guess-x')).status, 429);
    assert.deepEqual((await one('rate_limited', a.id, flood, null)).details, {
      reason: 'rate_limited',
      limit: 'sign_in',
    });
  });

  test('refresh-token reuse, logout, a session ended by an admin', async () => {
    const a = await newAdmin();
    const first = (await login(a.email, newClient())).body;
    assert.equal(
      (await send(url, 'POST', '/auth/admin/refresh', newClient(), { json: { refresh_token: first.refresh_token } }))
        .status,
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past JWT_REFRESH_REUSE_GRACE
    const thief = newClient();
    assert.equal(
      (await send(url, 'POST', '/auth/admin/refresh', thief, { json: { refresh_token: first.refresh_token } })).status,
      401,
    );
    await one('refresh_token_reused', a.id, thief, null);

    const second = (await login(a.email, newClient())).body;
    const leaving = newClient();
    assert.equal(
      (await send(url, 'POST', '/auth/admin/logout', leaving, { json: { refresh_token: second.refresh_token } }))
        .status,
      204,
    );
    await one('logout', a.id, leaving, { role: 'admin', account_id: a.id });

    await login(a.email, newClient());
    const sessions = await send(url, 'GET', `/admin/admins/${a.id}/sessions`, newClient(), {
      token: tokens.superAdmin,
    });
    const ender = newClient();
    assert.equal(
      (
        await send(url, 'DELETE', `/admin/admins/${a.id}/sessions/${sessions.body.items[0].id}`, ender, {
          token: tokens.superAdmin,
        })
      ).status,
      204,
    );
    await one('session_ended', a.id, ender, superActor());
  });

  test('password reset requested, verified, completed', async () => {
    const a = await newAdmin();
    const asking = newClient();
    assert.equal(
      (await send(url, 'POST', '/auth/admin/password-reset', asking, { json: { email: a.email, admin_type: 'admin' } }))
        .status,
      200,
    );
    await one('password_reset_requested', a.id, asking, null);
    const line = app.output.find((l) => l.includes('"otp"') && l.includes(a.email));
    const code = (JSON.parse(line ?? '{}') as { otp?: string }).otp ?? '';
    secrets.add(code);
    const verifying = newClient();
    const verified = await send(url, 'POST', '/auth/admin/password-reset/verify', verifying, {
      json: { email: a.email, admin_type: 'admin', code },
    });
    assert.equal(verified.status, 200, verified.text);
    secrets.add(verified.body.reset_token);
    await one('password_reset_verified', a.id, verifying, { role: 'admin', account_id: a.id });
    const completing = newClient();
    const newPassword = 'a-new-Password-for-audit-91';
    secrets.add(newPassword);
    assert.equal(
      (
        await send(url, 'POST', '/auth/admin/password-reset/complete', completing, {
          json: { reset_token: verified.body.reset_token, password: newPassword },
        })
      ).status,
      200,
    );
    await one('password_reset_completed', a.id, completing, { role: 'admin', account_id: a.id });
  });

  test('an admin account created, changed, disabled, enabled', async () => {
    const a = await newAdmin(['orders']);
    assert.deepEqual((await one('account_created', a.id, a.client, superActor())).details, {
      type: 'admin',
      modules: ['orders'],
    });
    const changing = newClient();
    assert.equal(
      (
        await send(url, 'PATCH', `/admin/admins/${a.id}`, changing, {
          token: tokens.superAdmin,
          json: { modules: ['orders', 'audit'], name: 'Renamed' },
        })
      ).status,
      200,
    );
    const changed = await one('account_changed', a.id, changing, superActor());
    assert.deepEqual(changed.details, {
      changed: ['name', 'modules'],
      modules_before: ['orders'],
      modules_after: ['orders', 'audit'],
    });
    for (const what of ['disable', 'enable'] as const) {
      const client = newClient();
      assert.equal(
        (await send(url, 'POST', `/admin/admins/${a.id}/${what}`, client, { token: tokens.superAdmin })).status,
        200,
      );
      await one(`account_${what}d`, a.id, client, superActor());
    }
  });

  test("an owner's employee created, changed, disabled; the business route shows them, another business's does not", async () => {
    const owner = { role: 'vendor', account_id: w.owner.id };
    const creating = newClient();
    const body = {
      email: 'audited-employee@example.com',
      name: 'Audited',
      password: EXTRA_PASSWORD,
      modules: ['stores'],
      module_permissions: { stores: ['read'] },
    };
    const created = await send(url, 'POST', '/vendor/accounts', creating, { token: tokens.owner, json: body });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    await one('account_created', id, creating, owner);
    const changing = newClient();
    assert.equal(
      (
        await send(url, 'PATCH', `/vendor/accounts/${id}`, changing, {
          token: tokens.owner,
          json: { module_permissions: { stores: ['read', 'write'] } },
        })
      ).status,
      200,
    );
    const changed = await one('account_changed', id, changing, owner);
    assert.deepEqual(changed.details.changed, ['module_permissions']);
    assert.deepEqual(
      [changed.details.module_permissions_before, changed.details.module_permissions_after],
      [{ stores: ['read'] }, { stores: ['read', 'write'] }],
    );
    const disabling = newClient();
    assert.equal(
      (await send(url, 'POST', `/vendor/accounts/${id}/disable`, disabling, { token: tokens.owner })).status,
      200,
    );
    await one('account_disabled', id, disabling, owner);

    const own = await eventsAt(url, '/vendor/audit-events', tokens.reader, { account_id: id });
    assert.deepEqual(
      own.map((e) => e.event),
      ['account_disabled', 'account_changed', 'account_created'],
      'newest first, for staff readers too',
    );
    const ofB = await eventsAt(url, '/vendor/audit-events', tokens.ownerB);
    assert.ok(ofB.length > 0, 'business B has events of its own');
    const accountsOfB = new Set([w.ownerB.id, w.employeeOfB.id]);
    assert.deepEqual(
      ofB.filter((e) => !accountsOfB.has(e.account_id ?? '')),
      [],
      "business B's route shows only B's accounts",
    );
    assert.deepEqual(
      await eventsAt(url, '/vendor/audit-events', tokens.ownerB, { account_id: id }),
      [],
      "naming A's account from B finds nothing",
    );
  });

  test('the operator CLI: no actor, no client, the operator marker', async () => {
    const a = await newAdmin();
    const cli = (args: string[], stdin = '') =>
      new Promise<number | null>((resolve) => {
        const child = spawn('npm', ['run', '-s', 'cli', '--', ...args], {
          cwd: ROOT,
          env: appEnv(db, { LOG_LEVEL: 'warn' }) as unknown as NodeJS.ProcessEnv,
          stdio: ['pipe', 'ignore', 'inherit'],
        });
        child.stdin.end(stdin);
        child.on('close', resolve);
      });
    assert.equal(await cli(['account:disable', '--role', 'admin', '--email', a.email]), 0);
    assert.deepEqual((await one('account_disabled', a.id, null, null)).details, { operator: true });
    const operatorPassword = 'operator-Chosen-pass-77';
    secrets.add(operatorPassword);
    assert.equal(
      await cli(
        ['account:reset-password', '--role', 'admin', '--email', a.email, '--password-stdin'],
        operatorPassword,
      ),
      0,
    );
    assert.deepEqual((await one('password_changed', a.id, null, null)).details, { operator: true });
  });

  test('every account reads its own events, and only those', async () => {
    const events = await eventsAt(url, '/auth/vendor/events', tokens.cashier, { account_id: w.owner.id });
    assert.ok(
      events.some((e) => e.event === 'sign_in_succeeded'),
      JSON.stringify(events),
    );
    assert.deepEqual(new Set(events.map((e) => e.account_id)), new Set([w.employee.id]));
  });
});

describe('guarantees', () => {
  test('a failing event write leaves the disable undone (regression: a disable without its event)', async () => {
    const victim = await newAdmin();
    const session = (await login(victim.email, newClient())).body;
    await breakAuditInsertsFor(db, victim.id);
    try {
      const res = await send(url, 'POST', `/admin/admins/${victim.id}/disable`, newClient(), {
        token: tokens.superAdmin,
      });
      problemOf(res, 500, 'internal', 'disable whose event cannot be written');
    } finally {
      await repairAuditInserts(db);
    }
    assert.deepEqual(
      await eventsAt(url, '/admin/audit-events', tokens.superAdmin, {
        event: 'account_disabled',
        account_id: victim.id,
      }),
      [],
    );
    const me = await send(url, 'GET', '/auth/admin/me', newClient(), { token: session.access_token });
    assert.equal(me.status, 200, 'the account is still enabled and its access token still valid');
    const refreshed = await send(url, 'POST', '/auth/admin/refresh', newClient(), {
      json: { refresh_token: session.refresh_token },
    });
    assert.equal(refreshed.status, 200, 'its sessions were not ended');
    secrets.add(refreshed.body.refresh_token);
  });

  test('paging newest first neither repeats nor skips while events are added', async () => {
    const a = await newAdmin();
    const fail = () => login(a.email, newClient(), 'paging-wrong-pass');
    for (let i = 0; i < 12; i++) await fail();
    const before = (await eventsAt(url, '/admin/audit-events', tokens.superAdmin, { account_id: a.id })).map(
      (e) => e.id,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = new URLSearchParams({
        account_id: a.id,
        limit: '4',
        ...(cursor ? { cursor } : {}),
      }).toString();
      const [page] = await Promise.all([
        send(url, 'GET', `/admin/audit-events?${query}`, newClient(), { token: tokens.superAdmin }),
        fail(),
        fail(),
      ]);
      assert.equal(page.status, 200, page.text);
      seen.push(...page.body.items.map((e: { id: string }) => e.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(seen.slice(0, before.length), before, 'the pages list exactly the events that existed, in order');
    assert.equal(new Set(seen).size, seen.length, 'no event twice');
  });

  test("each event names its account and actor by e-mail and name; account_email finds an account's events in any role", async () => {
    const a = await newAdmin();
    const [created] = await eventsAt(url, '/admin/audit-events', tokens.auditAdmin, {
      account_email: a.email.toUpperCase(),
    });
    assert.equal(created?.event, 'account_created');
    assert.equal(created.account_id, a.id);
    assert.deepEqual(created.account, { email: a.email, name: `Audited ${serial}` });
    assert.deepEqual(created.actor, {
      role: 'admin',
      account_id: w.admin.id,
      email: w.admin.email,
      name: w.admin.name,
    });
    assert.deepEqual(
      await eventsAt(url, '/admin/audit-events', tokens.auditAdmin, { account_email: 'nobody-here@example.com' }),
      [],
      'an unknown e-mail has no events',
    );
    // A business's trail stays inside the business whatever the e-mail names.
    assert.deepEqual(await eventsAt(url, '/vendor/audit-events', tokens.owner, { account_email: a.email }), []);
  });

  test('bad filters are 400, never 500', async () => {
    for (const query of [
      'account_email=not-an-email',
      'from=yesterday',
      'event=no_such_event',
      'cursor=not-a-cursor',
      'limit=0',
      'to=2026-13-40T00:00:00Z',
    ]) {
      problemOf(
        await send(url, 'GET', `/admin/audit-events?${query}`, newClient(), { token: tokens.auditAdmin }),
        400,
        'validation_failed',
        query,
      );
    }
  });

  test('no password, token, code or secret anywhere in the table', async () => {
    const rows = await everyAuditRow(db);
    assert.ok(rows.length > 40, `the run stored events (${rows.length})`);
    for (const secret of [...secrets].filter((s) => s.length >= 6)) {
      assert.equal(
        rows.find((row) => row.includes(secret)),
        undefined,
        `a stored event holds a secret of this run (${secret.slice(0, 4)}…)`,
      );
    }
  });

  test('events older than AUDIT_RETENTION are swept, newer ones kept', async () => {
    const day = 24 * 3600 * 1000;
    const sweepAt = (days: number) =>
      withContainer(
        db,
        async ({ db: client, logger, config }) =>
          (
            await createSweeper(
              client.prisma,
              { now: () => new Date(Date.now() + days * day) },
              logger,
              config.auditRetention,
            ).sweepOnce()
          ).auditEvents ?? 0,
      );
    assert.equal(await sweepAt(179), 0, 'nothing is older than 180 days yet');
    assert.ok((await sweepAt(181)) > 40, 'past 180 days every event goes');
    assert.deepEqual(await everyAuditRow(db), []);
  });
});

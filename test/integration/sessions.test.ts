// Sessions over HTTP (OWASP ASVS 5.0, 7.4.5 and 7.5.2): every account lists and ends its own;
// admins with the matching module, and owners for their staff, list and end another account's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { administrationSuite, call, EXTRA_PASSWORD, problemOf } from '../support/admin-world';
import { post } from '../support/http';
import { signIn } from '../support/sign-in';

const s = administrationSuite();

const refresh = (role: string, token: string) => post(s.url, `/api/v1/auth/${role}/refresh`, { refresh_token: token });
const own = (role: string, token: string, query = '') =>
  call(s.url, 'GET', `/api/v1/auth/${role}/sessions${query}`, token);
const signInAs = (ua: string) => signIn(s.url, 'vendor', s.w.employee.email, PASSWORDS.employee, { 'user-agent': ua });

describe('own sessions', () => {
  test('each sign-in is listed with when, from where and with what, and nothing secret', async () => {
    const till = await signInAs('Till/1.0');
    const phone = await signInAs('Phone/2.0');
    const listed = await own('vendor', phone.access_token);
    assert.equal(listed.status, 200, listed.text);
    const byAgent = new Map(listed.body.items.map((row: { user_agent: string }) => [row.user_agent, row]));
    const tillSession = byAgent.get('Till/1.0') as {
      id: string;
      client_ip: string;
      expires_at: string;
      last_used_at: string;
    };
    assert.ok(tillSession && byAgent.has('Phone/2.0'), listed.text);
    assert.deepEqual(Object.keys(tillSession).sort(), [
      'client_ip',
      'created_at',
      'expires_at',
      'id',
      'last_used_at',
      'user_agent',
    ]);
    assert.equal(tillSession.client_ip, '127.0.0.1');
    assert.ok(Date.parse(tillSession.expires_at) > Date.now());
    assert.equal(listed.text.includes(till.refresh_token.split('.')[2]!), false, 'no token in the list');

    await new Promise((r) => setTimeout(r, 20));
    assert.equal((await refresh('vendor', till.refresh_token)).status, 200);
    const after = (await own('vendor', phone.access_token)).body.items.find(
      (row: { id: string }) => row.id === tillSession.id,
    );
    assert.ok(Date.parse(after.last_used_at) > Date.parse(tillSession.last_used_at), 'a refresh moves last_used_at');
  });

  // The sign-in's writes are one statement of their own on PostgreSQL: its times and clipping must
  // read back as the other writes store them.
  test('a new session is dated now, ends with the refresh lifetime, and keeps 300 characters of its user agent', async () => {
    const agent = `Kiosk/${'k'.repeat(400)}`;
    const before = Date.now();
    const pair = await signInAs(agent);
    const listed = await own('vendor', pair.access_token, '?limit=100');
    const row = listed.body.items.find((item: { user_agent: string }) => item.user_agent.startsWith('Kiosk/'));
    assert.equal(row.user_agent, agent.slice(0, 300));
    const created = Date.parse(row.created_at);
    assert.ok(Math.abs(created - before) < 60_000, `created_at ${row.created_at} is now, not shifted`);
    assert.equal(row.last_used_at, row.created_at);
    const refreshLifetime = Math.floor(Date.parse(row.expires_at) / 1000) - Math.floor(created / 1000);
    const claims = JSON.parse(Buffer.from(pair.refresh_token.split('.')[1]!, 'base64url').toString('utf8')) as {
      iat: number;
      exp: number;
    };
    assert.equal(refreshLifetime, claims.exp - claims.iat, 'the session ends with its first refresh token');
  });

  test('a session ended from the list stops refreshing at once; the others carry on', async () => {
    const first = await signInAs('Ending/1');
    const second = await signInAs('Staying/1');
    const listed = await own('vendor', second.access_token, '?limit=100');
    const target = listed.body.items.find((row: { user_agent: string }) => row.user_agent === 'Ending/1');
    const ended = await call(s.url, 'DELETE', `/api/v1/auth/vendor/sessions/${target.id}`, second.access_token);
    assert.equal(ended.status, 204, ended.text);
    problemOf(await refresh('vendor', first.refresh_token), 401, 'invalid_refresh_token', 'the ended session');
    assert.equal((await refresh('vendor', second.refresh_token)).status, 200, 'the other session');
    const after = await own('vendor', second.access_token, '?limit=100');
    assert.equal(
      after.body.items.some((row: { id: string }) => row.id === target.id),
      false,
    );
    assert.equal(
      (await call(s.url, 'DELETE', `/api/v1/auth/vendor/sessions/${target.id}`, second.access_token)).status,
      204,
      'ending it again',
    );
  });

  test('logout removes the session from the list, and sessions page stably', async () => {
    const pairs = [await signInAs('Page/1'), await signInAs('Page/2'), await signInAs('Page/3')];
    await post(s.url, '/api/v1/auth/vendor/logout', { refresh_token: pairs[0]!.refresh_token });
    const whole = await own('vendor', pairs[1]!.access_token, '?limit=100');
    assert.equal(
      whole.body.items.some((row: { user_agent: string }) => row.user_agent === 'Page/1'),
      false,
    );
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const res = await own('vendor', pairs[1]!.access_token, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...res.body.items);
      cursor = res.body.next_cursor;
    } while (cursor);
    assert.deepEqual(paged, whole.body.items);
    problemOf(await own('vendor', pairs[1]!.access_token, '?limit=0'), 400, 'validation_failed', 'limit=0');
  });

  test("another account's session, an unknown one, or the other role's route is 404 or 401", async () => {
    const mine = await signInAs('Mine/1');
    const session = (await own('vendor', mine.access_token, '?limit=100')).body.items[0].id;
    problemOf(
      await call(s.url, 'DELETE', `/api/v1/auth/vendor/sessions/${session}`, s.tokens.owner),
      404,
      'not_found',
      "someone else's session",
    );
    problemOf(
      await call(s.url, 'DELETE', '/api/v1/auth/vendor/sessions/no-such-session', s.tokens.owner),
      404,
      'not_found',
      'unknown',
    );
    problemOf(
      await call(s.url, 'DELETE', `/api/v1/auth/admin/sessions/${session}`, s.tokens.superAdmin),
      404,
      'not_found',
      'a vendor session on the admin route',
    );
    problemOf(await own('admin', mine.access_token), 401, 'invalid_token', 'a vendor token on the admin route');
    problemOf(await own('vendor', 'garbage'), 401, 'invalid_token', 'a bad token');
    problemOf(await own('customer', mine.access_token), 401, 'invalid_token', 'a vendor token on the customer route');
    assert.equal((await refresh('vendor', mine.refresh_token)).status, 200, 'nothing above ended it');
  });
});

describe("another account's sessions", () => {
  test('an admin with admins ends an admin session; one without the module may not', async () => {
    const target = await signIn(s.url, 'admin', s.w.vendorsAdmin.email, EXTRA_PASSWORD, { 'user-agent': 'Desk/1' });
    const path = `/api/v1/admin/admins/${s.w.vendorsAdmin.id}/sessions`;
    problemOf(await call(s.url, 'GET', path, s.tokens.ordersAdmin), 403, 'forbidden', 'an admin without admins');
    const listed = await call(s.url, 'GET', `${path}?limit=100`, s.tokens.adminsAdmin);
    const session = listed.body.items.find((row: { user_agent: string }) => row.user_agent === 'Desk/1');
    problemOf(
      await call(s.url, 'DELETE', `${path}/${session.id}`, s.tokens.vendorsAdmin),
      403,
      'forbidden',
      'ending without admins',
    );
    assert.equal((await call(s.url, 'DELETE', `${path}/${session.id}`, s.tokens.adminsAdmin)).status, 204);
    problemOf(await refresh('admin', target.refresh_token), 401, 'invalid_refresh_token', 'the ended admin session');
    problemOf(
      await call(
        s.url,
        'DELETE',
        `/api/v1/admin/admins/${s.w.limited.id}/sessions/${session.id}`,
        s.tokens.adminsAdmin,
      ),
      404,
      'not_found',
      'under another admin',
    );
  });

  test("an admin with vendors and the business's owner end an employee's session", async () => {
    const byAdmin = await signIn(s.url, 'vendor', s.w.reader.email, EXTRA_PASSWORD, { 'user-agent': 'Ended/admin' });
    const byOwner = await signIn(s.url, 'vendor', s.w.reader.email, EXTRA_PASSWORD, { 'user-agent': 'Ended/owner' });
    const adminPath = `/api/v1/admin/vendors/${s.w.vendor.id}/accounts/${s.w.reader.id}/sessions`;
    const listed = (await call(s.url, 'GET', `${adminPath}?limit=100`, s.tokens.vendorsAdmin)).body.items;
    const id = (ua: string) => listed.find((row: { user_agent: string }) => row.user_agent === ua).id;
    problemOf(
      await call(s.url, 'DELETE', `${adminPath}/${id('Ended/admin')}`, s.tokens.adminsAdmin),
      403,
      'forbidden',
      'an admin without vendors',
    );
    assert.equal((await call(s.url, 'DELETE', `${adminPath}/${id('Ended/admin')}`, s.tokens.vendorsAdmin)).status, 204);
    problemOf(await refresh('vendor', byAdmin.refresh_token), 401, 'invalid_refresh_token', 'ended by the admin');
    problemOf(
      await call(
        s.url,
        'DELETE',
        `/api/v1/vendor/accounts/${s.w.reader.id}/sessions/${id('Ended/owner')}`,
        s.tokens.ownerB,
      ),
      404,
      'not_found',
      'the other owner',
    );
    assert.equal(
      (
        await call(
          s.url,
          'DELETE',
          `/api/v1/vendor/accounts/${s.w.reader.id}/sessions/${id('Ended/owner')}`,
          s.tokens.owner,
        )
      ).status,
      204,
    );
    problemOf(await refresh('vendor', byOwner.refresh_token), 401, 'invalid_refresh_token', 'ended by the owner');
  });
});

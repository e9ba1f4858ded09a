// Admin accounts over HTTP: create, change, disable and enable; the super_admin rules, self-
// protection, sessions ending on disable, stable paging and 400s for bad input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { administrationSuite, call, EXTRA_PASSWORD, problemOf } from '../support/admin-world';
import { get, post } from '../support/http';
import { login, signIn } from '../support/sign-in';

const s = administrationSuite();

const ADMINS = '/api/v1/admin/admins';
let serial = 0;
const newAdmin = (extra: object = {}) => ({
  email: `made-${++serial}@example.com`,
  name: `Made ${serial}`,
  password: EXTRA_PASSWORD,
  admin_type: 'admin',
  ...extra,
});
const create = (token: string, body: object) => call(s.url, 'POST', ADMINS, token, body);
const patch = (token: string, id: string, body: unknown) => call(s.url, 'PATCH', `${ADMINS}/${id}`, token, body);
const action = (token: string, id: string, what: 'disable' | 'enable') =>
  call(s.url, 'POST', `${ADMINS}/${id}/${what}`, token);

describe('creating and changing admins', () => {
  test('a created admin comes back as it was stored and can sign in', async () => {
    const body = newAdmin({ modules: ['admins', 'admins'], email: '  New.Admin@Example.com ' });
    const res = await create(s.tokens.adminsAdmin, body);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'admin_type',
      'created_at',
      'disabled',
      'email',
      'id',
      'locale',
      'modules',
      'name',
    ]);
    assert.equal(res.body.email, 'new.admin@example.com');
    assert.deepEqual(res.body.modules, ['admins'], 'duplicates collapse');
    assert.equal(res.body.disabled, false);
    assert.ok(!Number.isNaN(Date.parse(res.body.created_at)));
    assert.equal(res.text.includes('password'), false, 'no hash or password in the answer');
    const login = await signIn(s.url, 'admin', 'new.admin@example.com', EXTRA_PASSWORD);
    const me = await get(s.url, '/api/v1/auth/admin/me', login.access_token);
    assert.deepEqual(me.body.admin.modules, ['admins']);
    problemOf(
      await create(s.tokens.adminsAdmin, { ...body, email: 'NEW.ADMIN@example.com' }),
      409,
      'conflict',
      'the same e-mail again',
    );
  });

  test('only a super_admin creates a super_admin or makes an admin one', async () => {
    problemOf(
      await create(s.tokens.adminsAdmin, newAdmin({ admin_type: 'super_admin' })),
      403,
      'forbidden',
      'admin creating a super_admin',
    );
    const plain = await create(s.tokens.adminsAdmin, newAdmin());
    problemOf(
      await patch(s.tokens.adminsAdmin, plain.body.id, { admin_type: 'super_admin' }),
      403,
      'forbidden',
      'admin promoting',
    );
    problemOf(
      await patch(s.tokens.adminsAdmin, s.w.admin.id, { name: 'Changed' }),
      403,
      'forbidden',
      'admin changing a super_admin',
    );
    problemOf(
      await action(s.tokens.adminsAdmin, s.w.admin.id, 'disable'),
      403,
      'forbidden',
      'admin disabling a super_admin',
    );
    const promoted = await patch(s.tokens.superAdmin, plain.body.id, { admin_type: 'super_admin' });
    assert.equal(promoted.status, 200, promoted.text);
    assert.equal(promoted.body.admin_type, 'super_admin');
    assert.equal((await create(s.tokens.superAdmin, newAdmin({ admin_type: 'super_admin' }))).status, 201);
  });

  test('an admin grants only the modules it holds itself', async () => {
    const target = await create(s.tokens.superAdmin, newAdmin({ modules: ['orders'] }));
    problemOf(
      await create(s.tokens.adminsAdmin, newAdmin({ modules: ['vendors'] })),
      403,
      'forbidden',
      'creating with a module the caller lacks',
    );
    problemOf(
      await patch(s.tokens.adminsAdmin, target.body.id, { modules: ['orders', 'vendors'] }),
      403,
      'forbidden',
      'adding a module the caller lacks',
    );
    const kept = await patch(s.tokens.adminsAdmin, target.body.id, { modules: ['orders', 'admins'] });
    assert.equal(kept.status, 200, 'keeping a module it had and adding one the caller holds');
    assert.deepEqual(kept.body.modules, ['orders', 'admins']);
    const bySuper = await patch(s.tokens.superAdmin, target.body.id, { modules: ['vendors'], name: 'Vendor Desk' });
    assert.deepEqual([bySuper.status, bySuper.body.modules, bySuper.body.name], [200, ['vendors'], 'Vendor Desk']);
  });

  test('an unknown admin is 404', async () => {
    problemOf(await patch(s.tokens.superAdmin, 'no-such-admin', { name: 'X' }), 404, 'not_found', 'PATCH');
    problemOf(await action(s.tokens.superAdmin, 'no-such-admin', 'disable'), 404, 'not_found', 'disable');
    problemOf(
      await call(s.url, 'GET', `${ADMINS}/no-such-admin/sessions`, s.tokens.superAdmin),
      404,
      'not_found',
      'sessions',
    );
  });
});

describe('disabling', () => {
  test('disabling an admin ends its sessions at once; enabling lets it sign in again', async () => {
    const target = await create(s.tokens.superAdmin, newAdmin());
    const pair = await signIn(s.url, 'admin', target.body.email, EXTRA_PASSWORD);
    const disabled = await action(s.tokens.adminsAdmin, target.body.id, 'disable');
    assert.equal(disabled.status, 200, disabled.text);
    assert.equal(disabled.body.disabled, true);
    problemOf(await get(s.url, '/api/v1/auth/admin/me', pair.access_token), 401, 'invalid_token', 'its access token');
    problemOf(
      await post(s.url, '/api/v1/auth/admin/refresh', { refresh_token: pair.refresh_token }),
      401,
      'invalid_refresh_token',
      'its refresh token',
    );
    problemOf(await login(s.url, 'admin', target.body.email, EXTRA_PASSWORD), 403, 'account_disabled', 'its login');
    const sessions = await call(s.url, 'GET', `${ADMINS}/${target.body.id}/sessions`, s.tokens.superAdmin);
    assert.deepEqual(sessions.body, { items: [], next_cursor: null });

    const enabled = await action(s.tokens.adminsAdmin, target.body.id, 'enable');
    assert.equal(enabled.body.disabled, false);
    problemOf(
      await post(s.url, '/api/v1/auth/admin/refresh', { refresh_token: pair.refresh_token }),
      401,
      'invalid_refresh_token',
      'old sessions stay ended',
    );
    await signIn(s.url, 'admin', target.body.email, EXTRA_PASSWORD);
  });

  test('nobody disables itself, and the last enabled super_admin cannot step down', async () => {
    problemOf(await action(s.tokens.adminsAdmin, s.w.adminsAdmin.id, 'disable'), 409, 'conflict', 'disabling itself');
    // Earlier tests made more super_admins; demote all but the seeded one first.
    const all = await call(s.url, 'GET', `${ADMINS}?limit=100`, s.tokens.superAdmin);
    for (const other of all.body.items.filter(
      (a: { admin_type: string; id: string }) => a.admin_type === 'super_admin' && a.id !== s.w.admin.id,
    )) {
      assert.equal((await patch(s.tokens.superAdmin, other.id, { admin_type: 'admin' })).status, 200);
    }
    problemOf(
      await patch(s.tokens.superAdmin, s.w.admin.id, { admin_type: 'admin' }),
      409,
      'conflict',
      'demoting the last super_admin',
    );

    const second = await create(s.tokens.superAdmin, newAdmin({ admin_type: 'super_admin' }));
    const secondToken = (await signIn(s.url, 'admin', second.body.email, EXTRA_PASSWORD)).access_token;
    // Both step down at once: exactly one may, or no super_admin would be left.
    const answers = await Promise.all([
      patch(s.tokens.superAdmin, s.w.admin.id, { admin_type: 'admin' }),
      patch(secondToken, second.body.id, { admin_type: 'admin' }),
    ]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409], answers.map((a) => a.text).join('\n'));
    const list = await call(s.url, 'GET', `${ADMINS}?limit=100`, s.tokens.adminsAdmin);
    const supers = list.body.items.filter(
      (a: { admin_type: string; disabled: boolean }) => a.admin_type === 'super_admin' && !a.disabled,
    );
    assert.equal(supers.length, 1);
    if (supers[0].id !== s.w.admin.id) {
      assert.equal(
        (await patch(secondToken, s.w.admin.id, { admin_type: 'super_admin' })).status,
        200,
        'restores the seeded super_admin',
      );
    }
  });
});

describe('paging and input', () => {
  test('pages neither repeat nor skip while admins are being added', async () => {
    for (let i = 0; i < 5; i++) await create(s.tokens.superAdmin, newAdmin());
    const before = (await call(s.url, 'GET', `${ADMINS}?limit=100`, s.tokens.superAdmin)).body.items.map(
      (a: { id: string }) => a.id,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(
        s.url,
        'GET',
        `${ADMINS}?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        s.tokens.adminsAdmin,
      );
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.items.length <= 3);
      seen.push(...res.body.items.map((a: { id: string }) => a.id));
      cursor = res.body.next_cursor;
      if (pages++ < 2) await create(s.tokens.superAdmin, newAdmin()); // inserted between pages
    } while (cursor);
    assert.equal(new Set(seen).size, seen.length, 'no admin twice');
    for (const id of before) assert.ok(seen.includes(id), `admin ${id} was skipped`);
    assert.equal(seen.length, before.length + 2, 'the two added while paging come last');
    assert.deepEqual(seen.slice(0, before.length), before, 'the order is stable');
  });

  test('bad queries and bodies are 400 validation_failed naming the field', async () => {
    const query = async (q: string, path: string) => {
      const res = await call(s.url, 'GET', `${ADMINS}?${q}`, s.tokens.superAdmin);
      problemOf(res, 400, 'validation_failed', q);
      assert.deepEqual(
        res.body.errors.map((e: { path: string }) => e.path),
        [path],
        q,
      );
    };
    await query('limit=0', 'limit');
    await query('limit=101', 'limit');
    await query('limit=ten', 'limit');
    await query('limit=2.5', 'limit');
    await query('cursor=not-a-cursor', 'cursor');
    await query(`cursor=${Buffer.from('["x","y"]').toString('base64url')}`, 'cursor');

    const bodies: Array<[unknown, string]> = [
      [{ ...newAdmin(), admin_type: 'root' }, 'admin_type'],
      [{ ...newAdmin(), modules: ['staff'] }, 'modules.0'],
      [{ ...newAdmin(), email: 'not-an-email' }, 'email'],
      [{ ...newAdmin(), password: 'short' }, 'password'],
      [{ ...newAdmin(), password: 'iloveyou' }, 'password'],
      [{ ...newAdmin(), name: '   ' }, 'name'],
    ];
    for (const [body, path] of bodies) {
      const res = await create(s.tokens.superAdmin, body as object);
      problemOf(res, 400, 'validation_failed', JSON.stringify(body));
      assert.deepEqual(
        res.body.errors.map((e: { path: string }) => e.path),
        [path],
        JSON.stringify(body),
      );
    }
    problemOf(await patch(s.tokens.superAdmin, s.w.limited.id, {}), 400, 'validation_failed', 'an empty change');
    problemOf(await patch(s.tokens.superAdmin, s.w.limited.id, [1]), 400, 'validation_failed', 'an array');
    const malformed = await fetch(`${s.url}${ADMINS}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.tokens.superAdmin}`, 'content-type': 'application/json' },
      body: '{"email":',
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.headers.get('content-type'), 'application/problem+json');
  });

  test('without a token every admin route is 401, whatever the body', async () => {
    for (const [method, path] of [
      ['GET', ADMINS],
      ['POST', ADMINS],
      ['PATCH', `${ADMINS}/${s.w.limited.id}`],
      ['POST', `${ADMINS}/${s.w.limited.id}/disable`],
    ]) {
      const res = await fetch(`${s.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{',
      });
      assert.equal(res.status, 401, `${method} ${path}`);
    }
    assert.equal((await get(s.url, ADMINS, 'garbage')).status, 401);
  });
});

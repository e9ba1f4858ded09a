// Vendor businesses over HTTP: an admin builds one, its owner and staff run its employees and
// stores, changes show on the employee's next /me and /context, and disabling ends sessions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { administrationSuite, call, EXTRA_PASSWORD, problemOf } from '../support/admin-world';
import { get, post } from '../support/http';
import { login, signIn } from '../support/sign-in';
import { pair as pairWithCode, pairingCode } from '../support/terminals';

const s = administrationSuite();

let serial = 0;
const email = (label: string) => `${label}-${++serial}@example.com`;
const employee = (extra: object = {}) => ({
  email: email('staff'),
  name: 'Sam Staff',
  password: EXTRA_PASSWORD,
  ...extra,
});

describe('an admin builds a business', () => {
  test('business, owner, store, terminal and employee, all over HTTP', async () => {
    const made = await call(s.url, 'POST', '/api/v1/admin/vendors', s.tokens.vendorsAdmin, {
      name: 'Bakery',
      owner_email: email('baker'),
      owner_name: 'Bea',
      owner_password: EXTRA_PASSWORD,
    });
    assert.equal(made.status, 201, made.text);
    const { vendor, owner } = made.body;
    assert.deepEqual(vendor, { id: vendor.id, name: 'Bakery' });
    assert.equal(owner.vendor_type, 'owner');
    assert.ok(owner.modules.includes('staff'), 'owners hold every vendor module');
    assert.equal('module_permissions' in owner, false);
    const base = `/api/v1/admin/vendors/${vendor.id}`;

    const store = await call(s.url, 'POST', `${base}/stores`, s.tokens.vendorsAdmin, { name: 'Main Street' });
    assert.deepEqual(store.body, { id: store.body.id, vendor_id: vendor.id, name: 'Main Street', pos_terminals: [] });
    const till = await call(s.url, 'POST', `${base}/stores/${store.body.id}/terminals`, s.tokens.vendorsAdmin, {
      name: 'Till 1',
    });
    assert.deepEqual(till.body, { id: till.body.id, name: 'Till 1', store_id: store.body.id });
    const staff = await call(
      s.url,
      'POST',
      `${base}/accounts`,
      s.tokens.vendorsAdmin,
      employee({ modules: ['pos'], module_permissions: { pos: ['read', 'write'] }, store_ids: [store.body.id] }),
    );
    assert.equal(staff.status, 201, staff.text);
    assert.deepEqual(
      [staff.body.vendor_type, staff.body.modules, staff.body.module_permissions, staff.body.store_ids],
      ['employee', ['pos'], { pos: ['read', 'write'] }, [store.body.id]],
    );

    // The listing says whether a device is paired with each terminal (the pages offer unpairing by it).
    const stores = await call(s.url, 'GET', `${base}/stores`, s.tokens.vendorsAdmin);
    assert.deepEqual(stores.body, {
      items: [{ ...store.body, pos_terminals: [{ ...till.body, paired: false }] }],
      next_cursor: null,
    });
    assert.equal(
      (await pairWithCode(s.url, await pairingCode(s.url, s.tokens.vendorsAdmin, store.body.id, till.body.id, base)))
        .status,
      200,
    );
    const afterPairing = await call(s.url, 'GET', `${base}/stores`, s.tokens.vendorsAdmin);
    assert.deepEqual(afterPairing.body.items[0].pos_terminals, [{ ...till.body, paired: true }]);
    assert.equal(
      (await call(s.url, 'DELETE', `${base}/terminals/${till.body.id}/pairing`, s.tokens.vendorsAdmin)).status,
      204,
    );
    const afterUnpairing = await call(s.url, 'GET', `${base}/stores`, s.tokens.vendorsAdmin);
    assert.deepEqual(afterUnpairing.body.items[0].pos_terminals, [{ ...till.body, paired: false }]);
    const accounts = await call(s.url, 'GET', `${base}/accounts`, s.tokens.vendorsAdmin);
    assert.deepEqual(
      accounts.body.items.map((a: { id: string }) => a.id),
      [owner.id, staff.body.id],
    );

    const pair = await signIn(s.url, 'vendor', staff.body.email, EXTRA_PASSWORD);
    const context = await get(s.url, '/api/v1/auth/vendor/context', pair.access_token);
    assert.deepEqual(context.body.pos_terminals, [till.body]);
  });

  test('a taken owner e-mail is 409 and leaves no business behind', async () => {
    const count = async () =>
      (await call(s.url, 'GET', '/api/v1/admin/vendors?limit=100', s.tokens.superAdmin)).body.items.length;
    const before = await count();
    const res = await call(s.url, 'POST', '/api/v1/admin/vendors', s.tokens.superAdmin, {
      name: 'Copy',
      owner_email: s.w.owner.email,
      owner_name: 'X',
      owner_password: EXTRA_PASSWORD,
    });
    problemOf(res, 409, 'conflict', 'taken e-mail');
    assert.equal(await count(), before);
  });

  test('vendors and accounts page stably', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        s.url,
        'GET',
        `/api/v1/admin/vendors?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        s.tokens.superAdmin,
      );
      assert.equal(res.body.items.length, 1);
      ids.push(res.body.items[0].id);
      cursor = res.body.next_cursor;
    } while (cursor);
    const all = await call(s.url, 'GET', '/api/v1/admin/vendors?limit=100', s.tokens.superAdmin);
    assert.deepEqual(
      ids,
      all.body.items.map((v: { id: string }) => v.id),
    );
    const first = await call(s.url, 'GET', `/api/v1/vendor/accounts?limit=2`, s.tokens.owner);
    const rest = await call(
      s.url,
      'GET',
      `/api/v1/vendor/accounts?limit=100&cursor=${first.body.next_cursor}`,
      s.tokens.owner,
    );
    const whole = await call(s.url, 'GET', '/api/v1/vendor/accounts?limit=100', s.tokens.owner);
    assert.deepEqual([...first.body.items, ...rest.body.items], whole.body.items);
    assert.equal(rest.body.next_cursor, null);
  });
});

describe('changing an employee', () => {
  test("new modules, permissions and stores show on the employee's next /me and /context", async () => {
    const pair = await signIn(s.url, 'vendor', s.w.employee.email, PASSWORDS.employee);
    const changed = await call(s.url, 'PATCH', `/api/v1/vendor/accounts/${s.w.employee.id}`, s.tokens.owner, {
      modules: ['orders', 'reports'],
      module_permissions: { orders: ['read', 'write'], reports: ['read'] },
      store_ids: [s.w.storeB.id],
    });
    assert.equal(changed.status, 200, changed.text);
    const me = await get(s.url, '/api/v1/auth/vendor/me', pair.access_token);
    assert.deepEqual(me.body.vendor.modules, ['orders', 'reports']);
    assert.deepEqual(me.body.vendor.module_permissions, { orders: ['read', 'write'], reports: ['read'] });
    const context = await get(s.url, '/api/v1/auth/vendor/context', pair.access_token);
    assert.deepEqual(context.body.stores, [{ id: s.w.storeB.id, name: 'Station Road' }]);
    assert.deepEqual(
      context.body.pos_terminals.map((t: { id: string }) => t.id),
      [s.w.tillB.id],
    );
    assert.deepEqual(context.body.user.modules, ['orders', 'reports']);
  });

  test('an employee with staff grants only what it holds, and never touches the owner', async () => {
    const mine = { modules: ['stores'], module_permissions: { stores: ['read', 'write'] } };
    assert.equal((await call(s.url, 'POST', '/api/v1/vendor/accounts', s.tokens.staffer, employee(mine))).status, 201);
    problemOf(
      await call(s.url, 'POST', '/api/v1/vendor/accounts', s.tokens.staffer, employee({ modules: ['orders'] })),
      403,
      'forbidden',
      'a module it lacks',
    );
    problemOf(
      await call(s.url, 'PATCH', `/api/v1/vendor/accounts/${s.w.reader.id}`, s.tokens.staffer, {
        module_permissions: { staff: ['read', 'delete'] },
      }),
      403,
      'forbidden',
      'an action it lacks',
    );
    problemOf(
      await call(s.url, 'PATCH', `/api/v1/vendor/accounts/${s.w.staffer.id}`, s.tokens.staffer, {
        modules: ['staff', 'stores', 'pos'],
      }),
      403,
      'forbidden',
      'raising itself',
    );
    problemOf(
      await call(s.url, 'POST', `/api/v1/vendor/accounts/${s.w.owner.id}/disable`, s.tokens.staffer),
      403,
      'forbidden',
      'disabling the owner',
    );
    problemOf(
      await call(s.url, 'GET', `/api/v1/vendor/accounts/${s.w.owner.id}/sessions`, s.tokens.staffer),
      403,
      'forbidden',
      "the owner's sessions",
    );
    problemOf(
      await call(s.url, 'POST', `/api/v1/vendor/accounts/${s.w.staffer.id}/disable`, s.tokens.staffer),
      409,
      'conflict',
      'disabling itself',
    );
    problemOf(
      await call(s.url, 'POST', `/api/v1/vendor/accounts/${s.w.owner.id}/disable`, s.tokens.owner),
      409,
      'conflict',
      'the owner disabling itself',
    );
    problemOf(
      await call(s.url, 'PATCH', `/api/v1/vendor/accounts/${s.w.owner.id}`, s.tokens.owner, { modules: ['orders'] }),
      409,
      'conflict',
      "an owner's modules",
    );
    const owners = await call(
      s.url,
      'PATCH',
      `/api/v1/admin/vendors/${s.w.vendor.id}/accounts/${s.w.owner.id}`,
      s.tokens.superAdmin,
      { name: 'X' },
    );
    problemOf(owners, 409, 'conflict', 'an admin changing an owner');
  });

  test('bad bodies are 400 validation_failed naming the field', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/v1/vendor/accounts', employee({ modules: ['admins'] }), 'modules.0'],
      [
        'POST',
        '/api/v1/vendor/accounts',
        employee({ module_permissions: { orders: ['approve'] } }),
        'module_permissions.orders.0',
      ],
      ['POST', '/api/v1/vendor/accounts', employee({ store_ids: 'all' }), 'store_ids'],
      ['POST', '/api/v1/vendor/accounts', employee({ password: 'short' }), 'password'],
      ['PATCH', `/api/v1/vendor/accounts/${s.w.reader.id}`, { name: '' }, 'name'],
      ['POST', '/api/v1/vendor/stores', { name: '   ' }, 'name'],
      ['POST', `/api/v1/vendor/stores/${s.w.storeA.id}/terminals`, {}, 'name'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(s.url, method, path, s.tokens.owner, body);
      problemOf(res, 400, 'validation_failed', `${method} ${path} ${JSON.stringify(body)}`);
      assert.deepEqual(
        res.body.errors.map((e: { path: string }) => e.path),
        [field],
        JSON.stringify(body),
      );
    }
    const vendorBody = await call(s.url, 'POST', '/api/v1/admin/vendors', s.tokens.superAdmin, { name: 'No owner' });
    problemOf(vendorBody, 400, 'validation_failed', 'a business without its owner');
    assert.deepEqual(vendorBody.body.errors.map((e: { path: string }) => e.path).sort(), [
      'owner_email',
      'owner_name',
      'owner_password',
    ]);
  });
});

describe('disabling a vendor account', () => {
  test('ends its sessions at once; enabling lets it sign in again', async () => {
    const made = await call(
      s.url,
      'POST',
      '/api/v1/vendor/accounts',
      s.tokens.owner,
      employee({ store_ids: [s.w.storeA.id] }),
    );
    const pair = await signIn(s.url, 'vendor', made.body.email, EXTRA_PASSWORD);
    const disabled = await call(s.url, 'POST', `/api/v1/vendor/accounts/${made.body.id}/disable`, s.tokens.owner);
    assert.equal(disabled.body.disabled, true);
    problemOf(
      await get(s.url, '/api/v1/auth/vendor/me', pair.access_token),
      401,
      'invalid_token',
      'its access token on /me',
    );
    problemOf(
      await get(s.url, '/api/v1/auth/vendor/context', pair.access_token),
      401,
      'invalid_token',
      'its access token on /context',
    );
    problemOf(
      await post(s.url, '/api/v1/auth/vendor/refresh', { refresh_token: pair.refresh_token }),
      401,
      'invalid_refresh_token',
      'its refresh token',
    );
    problemOf(await login(s.url, 'vendor', made.body.email, EXTRA_PASSWORD), 403, 'account_disabled', 'its login');
    const listed = await call(s.url, 'GET', '/api/v1/vendor/accounts?limit=100', s.tokens.owner);
    assert.equal(listed.body.items.find((a: { id: string }) => a.id === made.body.id).disabled, true);

    const enabled = await call(
      s.url,
      'POST',
      `/api/v1/admin/vendors/${s.w.vendor.id}/accounts/${made.body.id}/enable`,
      s.tokens.vendorsAdmin,
    );
    assert.equal(enabled.body.disabled, false);
    await signIn(s.url, 'vendor', made.body.email, EXTRA_PASSWORD);
  });
});

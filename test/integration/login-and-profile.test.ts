// Login, me and vendor context over HTTP against the started app, on the configured database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { VENDOR_MODULES } from '@/contract/module-keys';
import type { Role } from '@/contract/auth-schemas';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { get, post } from '../support/http';
import { login as loginAnswer } from '../support/sign-in';

const app = appSuite();
const { seed } = app;

const login = (role: Role, email: string, password: string) => loginAnswer(app.url, role, email, password);

describe('login', () => {
  test('an admin gets a token pair and the admin profile', async () => {
    const res = await login('admin', seed.limited.email, PASSWORDS.limited);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const { access_token, refresh_token, token_type, expires_in, admin } = res.body;
    assert.equal(typeof access_token, 'string');
    assert.equal(typeof refresh_token, 'string');
    assert.notEqual(access_token, refresh_token);
    assert.equal(token_type, 'Bearer');
    assert.equal(expires_in, 900);
    assert.deepEqual(admin, {
      id: seed.limited.id,
      email: seed.limited.email,
      name: 'Orders Admin',
      locale: null,
      admin_type: 'admin',
      modules: ['orders'],
      mfa: { totp: false, passkeys: 0 },
    });
  });

  test('e-mail is matched case-insensitively after trimming', async () => {
    const res = await login('admin', `  ${seed.admin.email.toUpperCase()} `, PASSWORDS.admin);
    assert.equal(res.status, 200);
    assert.equal(res.body.admin.admin_type, 'super_admin');
  });

  test('an owner gets the vendor profile without module_permissions', async () => {
    const res = await login('vendor', seed.owner.email, PASSWORDS.owner);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.vendor, {
      id: seed.owner.id,
      email: seed.owner.email,
      name: 'Olive Owner',
      locale: null,
      vendor_type: 'owner',
      vendor_id: seed.vendor.id,
      vendor_name: 'Corner Shop',
      modules: [...VENDOR_MODULES],
      mfa: { totp: false, passkeys: 0 },
    });
  });

  test('an employee gets module_permissions', async () => {
    const res = await login('vendor', seed.employee.email, PASSWORDS.employee);
    assert.equal(res.status, 200);
    assert.equal(res.body.vendor.vendor_type, 'employee');
    assert.deepEqual(res.body.vendor.modules, ['orders']);
    assert.deepEqual(res.body.vendor.module_permissions, { orders: ['read'] });
  });

  test('a wrong password and an unknown e-mail give the identical 401', async () => {
    const wrong = await login('admin', seed.admin.email, 'not-the-password');
    const unknown = await login('admin', 'nobody@example.com', 'not-the-password');
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(wrong.headers.get('content-type'), 'application/problem+json');
    assert.equal(wrong.text, unknown.text);
    assert.equal(wrong.body.code, 'invalid_credentials');
  });

  test('an account of the other role cannot sign in on this role', async () => {
    const res = await login('admin', seed.owner.email, PASSWORDS.owner);
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'invalid_credentials');
  });

  test('an unknown role is 404 problem+json', async () => {
    const res = await post(app.url, '/api/v1/auth/shopper/login', {
      email: seed.owner.email,
      password: PASSWORDS.owner,
    });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'not_found');
  });
});

describe('me and vendor context', () => {
  test('me returns the profile that login returned', async () => {
    for (const [role, email, password] of [
      ['admin', seed.admin.email, PASSWORDS.admin],
      ['vendor', seed.employee.email, PASSWORDS.employee],
    ] as const) {
      const signedIn = await login(role, email, password);
      const me = await get(app.url, `/api/v1/auth/${role}/me`, signedIn.body.access_token);
      assert.equal(me.status, 200);
      assert.deepEqual(me.body, { [role]: signedIn.body[role] });
    }
  });

  test('an employee without the pos module loads the context of its own stores only', async () => {
    const signedIn = await login('vendor', seed.employee.email, PASSWORDS.employee);
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${app.url}/api/v1/auth/vendor/context`, {
        method,
        headers: { authorization: `Bearer ${signedIn.body.access_token}` },
      });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.deepEqual(body.vendor, { id: seed.vendor.id, name: 'Corner Shop' });
      // The context's profile leaves out the second factors (login and /me carry them): one query less on a hot route.
      const { mfa: _factors, ...profile } = signedIn.body.vendor;
      assert.deepEqual(body.user, profile);
      assert.deepEqual(body.stores, [{ id: seed.storeA.id, name: 'High Street' }]);
      assert.deepEqual(body.pos_terminals, [{ id: seed.tillA.id, name: 'Till A1', store_id: seed.storeA.id }]);
    }
  });

  test('an owner sees every store of the business', async () => {
    const signedIn = await login('vendor', seed.owner.email, PASSWORDS.owner);
    const res = await get(app.url, '/api/v1/auth/vendor/context', signedIn.body.access_token);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.stores.map((s: { name: string }) => s.name),
      ['High Street', 'Station Road'],
    );
    assert.equal(res.body.pos_terminals.length, 2);
  });

  test('an admin token is refused on the vendor context, and admins have no context route', async () => {
    const signedIn = await login('admin', seed.admin.email, PASSWORDS.admin);
    const vendorRoute = await get(app.url, '/api/v1/auth/vendor/context', signedIn.body.access_token);
    assert.equal(vendorRoute.status, 401);
    assert.equal(vendorRoute.body.code, 'invalid_token');
    const adminRoute = await get(app.url, '/api/v1/auth/admin/context', signedIn.body.access_token);
    assert.equal(adminRoute.status, 404);
  });

  test('health answers ok while the database answers', async () => {
    const res = await get(app.url, '/api/v1/health');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
  });
});

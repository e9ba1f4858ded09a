// Customers and the other roles over HTTP: a customer token is refused on every staff route and the
// reverse, and admins with the `customers` module list, view, disable, enable and sign customers out.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { customerCall, registeredCustomer } from '../support/customers';
import { get, post, request } from '../support/http';
import { login, signIn } from '../support/sign-in';

const suite = appSuite({ smtp: true, env: { TRUST_PROXY: '1' } });
const { mail, seed } = suite;
const PASSWORD = 'customer-pass-T6y!u3';
let n = 0;
const fresh = (label: string) => {
  n += 1;
  return { email: `${label}-${n}@example.com`, ip: `10.40.${n}.1` };
};

describe('role separation', () => {
  test('a customer token is refused on admin and vendor routes, and theirs on customer routes (401 invalid_token)', async () => {
    const customer = await signIn(suite.url, 'customer', seed.customer.email, PASSWORDS.customer);
    const admin = await signIn(suite.url, 'admin', seed.admin.email, PASSWORDS.admin);
    const owner = await signIn(suite.url, 'vendor', seed.owner.email, PASSWORDS.owner);
    for (const path of [
      '/api/v1/auth/admin/me',
      '/api/v1/auth/vendor/me',
      '/api/v1/admin/admins',
      '/api/v1/vendor/stores',
    ]) {
      const res = await get(suite.url, path, customer.access_token);
      assert.equal(res.status, 401, path);
      assert.equal(res.body.code, 'invalid_token', path);
    }
    for (const token of [admin.access_token, owner.access_token]) {
      const res = await get(suite.url, '/api/v1/auth/customer/me', token);
      assert.equal(res.body.code, 'invalid_token');
    }
    assert.equal(
      (await post(suite.url, '/api/v1/auth/admin/refresh', { refresh_token: customer.refresh_token })).status,
      401,
    );
    assert.equal(
      (await customerCall(suite.url, 'refresh', { json: { refresh_token: admin.refresh_token } })).status,
      401,
    );
    assert.equal(
      (await login(suite.url, 'customer', seed.admin.email, PASSWORDS.admin)).status,
      401,
      'staff credentials are not a customer',
    );
  });
});

describe('administration (module customers)', () => {
  test('admins list and search, view, disable (sessions end at once) and enable customers, and end their sessions', async () => {
    const { email, ip } = fresh('managed');
    const me = await registeredCustomer(suite.url, mail, email, PASSWORD, 'Manny Managed', ip);
    const admin = (await signIn(suite.url, 'admin', seed.admin.email, PASSWORDS.admin)).access_token;
    const found = await get(suite.url, `/api/v1/admin/customers?query=${encodeURIComponent('managed')}`, admin);
    assert.deepEqual(
      found.body.items.map((c: { email: string }) => c.email),
      [email],
    );
    // The name matches whatever its case, on both databases (PostgreSQL's LIKE alone would not).
    const byName = await get(suite.url, `/api/v1/admin/customers?query=${encodeURIComponent('NNY MAN')}`, admin);
    assert.deepEqual(
      byName.body.items.map((c: { email: string }) => c.email),
      [email],
    );
    assert.equal(found.body.items[0].disabled, false);
    assert.ok(!('password_hash' in found.body.items[0]) && !found.text.includes('$2'));
    const base = `/api/v1/admin/customers/${me.customer.id}`;
    assert.equal((await get(suite.url, base, admin)).body.name, 'Manny Managed');
    const sessions = await get(suite.url, `${base}/sessions`, admin);
    assert.equal(sessions.body.items.length, 1);
    const disabled = await request(suite.url, 'POST', `${base}/disable`, { token: admin });
    assert.equal(disabled.body.disabled, true);
    assert.equal((await customerCall(suite.url, 'me', { token: me.access_token })).status, 401);
    assert.equal((await customerCall(suite.url, 'refresh', { json: { refresh_token: me.refresh_token } })).status, 401);
    assert.equal((await login(suite.url, 'customer', email, PASSWORD)).body.code, 'account_disabled');
    assert.equal((await request(suite.url, 'POST', `${base}/enable`, { token: admin })).body.disabled, false);
    const again = await signIn(suite.url, 'customer', email, PASSWORD);
    const live = await get(suite.url, `${base}/sessions`, admin);
    assert.equal(
      (await request(suite.url, 'DELETE', `${base}/sessions/${live.body.items[0].id}`, { token: admin })).status,
      204,
    );
    assert.equal(
      (await customerCall(suite.url, 'refresh', { json: { refresh_token: again.refresh_token } })).status,
      401,
    );
    assert.equal((await get(suite.url, '/api/v1/admin/customers/no-such-customer', admin)).status, 404);
    const limited = (await signIn(suite.url, 'admin', seed.limited.email, PASSWORDS.limited)).access_token;
    assert.equal((await get(suite.url, '/api/v1/admin/customers', limited)).body.code, 'forbidden');
  });
});

// Device markers over HTTP: a client that signed in to an account before (X-Device-Id, the pages'
// cookie, the typed client) is exempt from the per-e-mail cap of failed sign-ins, so wrong
// passwords from elsewhere cannot lock the real user out; the per-(e-mail, address) limit stays.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAuthClient } from '@/client';
import { PASSWORDS } from '../support/accounts';
import { post } from '../support/http';
import { started } from '../support/sign-in';
import { appSuite } from '../support/app-suite';

const PER_EMAIL = 3;
const PER_EMAIL_AND_ADDRESS = 4;
const s = appSuite({
  env: {
    TRUST_PROXY: '1',
    RATE_LIMIT_LOGIN_PER_IDENTITY: String(PER_EMAIL),
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: String(PER_EMAIL_AND_ADDRESS),
  },
});

let address = 0;
const login = (role: string, email: string, password: string, headers: Record<string, string> = {}) =>
  post(
    s.url,
    `/api/v1/auth/${role}/login`,
    { email, password },
    { 'x-forwarded-for': `203.0.113.${++address}`, ...headers },
  );
/** Wrong passwords from as many addresses, until the per-e-mail cap refuses everyone without a marker. */
async function lockOut(role: string, email: string) {
  for (let i = 0; i < PER_EMAIL; i++) assert.equal((await login(role, email, `wrong-guess-${i}`)).status, 401);
  assert.equal((await login(role, email, 'wrong-guess-x')).status, 429);
}

// Regression: 100 wrong passwords from 10 addresses refused the real user's right password for 15 minutes.
test("a device that signed in before still signs in when the per-e-mail cap is reached; others, and other accounts' devices, do not", async () => {
  const { email } = s.seed.employee;
  const first = await login('vendor', email, PASSWORDS.employee);
  assert.equal(first.status, 200, first.text);
  assert.match(first.body.device_id, /^[\w-]{43}$/);
  const other = await login('vendor', s.seed.owner.email, PASSWORDS.owner);
  await lockOut('vendor', email);

  assert.equal((await login('vendor', email, PASSWORDS.employee)).status, 429, 'no marker: refused');
  assert.equal(
    (await login('vendor', email, PASSWORDS.employee, { 'x-device-id': other.body.device_id })).status,
    429,
    "another account's marker: refused",
  );
  assert.equal(
    (await login('vendor', email, PASSWORDS.employee, { 'x-device-id': 'A'.repeat(43) })).status,
    429,
    'a made-up marker: refused',
  );
  const known = await login('vendor', email, PASSWORDS.employee, { 'x-device-id': first.body.device_id });
  assert.equal(known.status, 200, known.text);
  assert.equal(known.body.device_id, first.body.device_id, 'the known device keeps its id');
  assert.equal(
    (await login('admin', s.seed.admin.email, PASSWORDS.admin, { 'x-device-id': first.body.device_id })).status,
    200,
    'a vendor marker means nothing to another role, which is not locked',
  );
});

test('a marker does not lift the per-(e-mail, address) limit', async () => {
  const { email } = s.seed.limited;
  const first = await login('admin', email, PASSWORDS.limited);
  const from = { 'x-forwarded-for': '198.51.100.99', 'x-device-id': first.body.device_id };
  for (let i = 0; i < PER_EMAIL_AND_ADDRESS; i++)
    assert.equal((await post(s.url, '/api/v1/auth/admin/login', { email, password: `wrong-${i}` }, from)).status, 401);
  assert.equal(
    (await post(s.url, '/api/v1/auth/admin/login', { email, password: PASSWORDS.limited }, from)).status,
    429,
  );
});

test('the pages get the marker as an httpOnly cookie scoped to login, and the typed client sends X-Device-Id', async () => {
  const { email } = s.seed.owner;
  const trpcLogin = (cookie?: string) =>
    fetch(`${s.url}/api/trpc/vendor.login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `192.0.2.${++address}`,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ email, password: PASSWORDS.owner }),
    });
  const signedIn = await trpcLogin();
  assert.equal(signedIn.status, 200);
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('vendor_device_id='))!;
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /Path=\/api\/trpc\/vendor\.login/);
  assert.doesNotMatch(await signedIn.text(), /device_id/, 'the marker is not in the page-readable body');
  const client = createAuthClient({
    baseUrl: s.url,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as object), 'x-forwarded-for': `192.0.2.${++address}` } }),
  });
  await client.vendor.login({ email, password: PASSWORDS.owner });

  await lockOut('vendor', email);
  assert.equal((await trpcLogin()).status, 429, 'a browser without the cookie');
  assert.equal((await trpcLogin(cookie.split(';')[0])).status, 200, 'the browser with the cookie');
  const again = started(await client.vendor.login({ email, password: PASSWORDS.owner }));
  assert.equal(typeof again.access_token, 'string', 'the typed client, which kept its device_id');
});

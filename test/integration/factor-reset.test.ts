// Second factors reset by others, for staff who lost their authenticator: an admin with `admins`
// for admins, an owner (or an admin with `vendors`) for a business's accounts, and the operator
// CLI. Each reset removes every factor and ends every session of the account.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { PASSWORDS } from '../support/accounts';
import { appEnv, ROOT } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { get, post, request } from '../support/http';
import { login, signIn } from '../support/sign-in';
import { enrolTotp } from '../support/totp';

const s = appSuite();

/** `account:mfa-reset` of an admin, as an operator runs it against the suite's database. */
const mfaReset = (email: string) =>
  promisify(execFile)(
    process.execPath,
    ['src/cli/launch.mjs', 'account:mfa-reset', '--role', 'admin', '--email', email],
    {
      cwd: ROOT,
      env: appEnv(s.db, { LOG_LEVEL: 'warn' }) as unknown as NodeJS.ProcessEnv,
      encoding: 'utf8',
    },
  );

/** Signs `who` in, enrols an authenticator app; the session that existed before the reset. */
async function enrolled(role: 'admin' | 'vendor', email: string, password: string) {
  const session = await signIn(s.url, role, email, password);
  await enrolTotp(s.url, role, session.access_token);
  assert.equal((await login(s.url, role, email, password)).body.mfa_required, true);
  return session;
}

/** After a reset: the earlier session is over and the password alone signs in. */
async function assertReset(
  role: 'admin' | 'vendor',
  email: string,
  password: string,
  before: { access_token: string; refresh_token: string },
) {
  assert.equal(
    (await get(s.url, `/api/v1/auth/${role}/me`, before.access_token)).status,
    401,
    'the earlier access token is refused',
  );
  assert.equal(
    (await post(s.url, `/api/v1/auth/${role}/refresh`, { refresh_token: before.refresh_token })).status,
    401,
    'the earlier session ended',
  );
  const after = await signIn(s.url, role, email, password);
  const profile =
    role === 'admin' ? (after as { admin: { mfa?: unknown } }).admin : (after as { vendor: { mfa?: unknown } }).vendor;
  assert.deepEqual(profile.mfa, { totp: false, passkeys: 0 });
  const events = await get(s.url, `/api/v1/auth/${role}/events?event=factors_reset`, after.access_token);
  assert.equal(events.body.items.length, 1, events.text);
}

test("an admin with `admins` resets another admin's factors; an admin without it may not", async () => {
  const { email, id } = s.seed.limited;
  const before = await enrolled('admin', email, PASSWORDS.limited);
  const refused = await request(s.url, 'POST', `/api/v1/admin/admins/${s.seed.admin.id}/mfa/reset`, {
    token: before.access_token,
  });
  assert.equal(refused.status, 403, refused.text);
  const superAdmin = await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin);
  const unknown = await request(s.url, 'POST', '/api/v1/admin/admins/no-such-admin/mfa/reset', {
    token: superAdmin.access_token,
  });
  assert.equal(unknown.status, 404);
  const reset = await request(s.url, 'POST', `/api/v1/admin/admins/${id}/mfa/reset`, {
    token: superAdmin.access_token,
  });
  assert.equal(reset.status, 204, reset.text);
  await assertReset('admin', email, PASSWORDS.limited, before);
});

test("an owner resets an employee's factors, and an admin with `vendors` the owner's", async () => {
  const employee = await enrolled('vendor', s.seed.employee.email, PASSWORDS.employee);
  const notStaff = await request(s.url, 'POST', `/api/v1/vendor/accounts/${s.seed.owner.id}/mfa/reset`, {
    token: employee.access_token,
  });
  assert.equal(notStaff.status, 403, notStaff.text);
  const owner = await signIn(s.url, 'vendor', s.seed.owner.email, PASSWORDS.owner);
  const byOwner = await request(s.url, 'POST', `/api/v1/vendor/accounts/${s.seed.employee.id}/mfa/reset`, {
    token: owner.access_token,
  });
  assert.equal(byOwner.status, 204, byOwner.text);
  await assertReset('vendor', s.seed.employee.email, PASSWORDS.employee, employee);

  const ownerBefore = await enrolled('vendor', s.seed.owner.email, PASSWORDS.owner);
  const superAdmin = await signIn(s.url, 'admin', s.seed.admin.email, PASSWORDS.admin);
  const byAdmin = await request(
    s.url,
    'POST',
    `/api/v1/admin/vendors/${s.seed.vendor.id}/accounts/${s.seed.owner.id}/mfa/reset`,
    { token: superAdmin.access_token },
  );
  assert.equal(byAdmin.status, 204, byAdmin.text);
  await assertReset('vendor', s.seed.owner.email, PASSWORDS.owner, ownerBefore);
});

test("the operator CLI resets an account's factors by e-mail", async () => {
  const { email } = s.seed.admin;
  const before = await enrolled('admin', email, PASSWORDS.admin);
  const { stdout } = await mfaReset(email);
  assert.deepEqual(JSON.parse(stdout), { success: true });
  await assertReset('admin', email, PASSWORDS.admin, before);
  await assert.rejects(mfaReset('nobody@example.com'), 'an unknown e-mail exits non-zero');
});

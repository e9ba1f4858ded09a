// Guessing e-mailed codes over HTTP: the per-account cap across codes (CODE_FAILURES_PER_ACCOUNT),
// per-address limits that key an IPv6 client by its /64, and the hygiene of a completed reset.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { post } from '../support/http';
import { appSuite } from '../support/app-suite';

const CAP = 7;
const s = appSuite({
  env: { TRUST_PROXY: '1', CODE_FAILURES_PER_ACCOUNT: String(CAP), RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3' },
  smtp: true,
});

const RESET = '/api/v1/auth/vendor/password-reset';
let address = 0;
/** Every request from another address, so no per-address limit is what stops the guessing. */
const from = () => ({ 'x-forwarded-for': `198.51.100.${++address % 250}` });

async function requestCode(email: string) {
  const since = s.mail.messages.length;
  assert.equal((await post(s.url, RESET, { email, vendor_type: 'employee' }, from())).status, 200);
  return (await s.mail.waitFor(email, { since, withCode: true })).code!;
}
const verify = (email: string, code: string) =>
  post(s.url, `${RESET}/verify`, { email, vendor_type: 'employee', code }, from());
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** Whether a step 1 mailed anything within a second. */
async function mailsAfterRequest(email: string) {
  const since = s.mail.messages.length;
  await post(s.url, RESET, { email, vendor_type: 'employee' }, from());
  return s.mail.waitFor(email, { since, timeoutMs: 1500 }).then(
    () => true,
    () => false,
  );
}

// Regression: every new code restarted the attempt counter, so 5 codes an hour gave 25 guesses an
// hour per account, without end and from any number of addresses.
test('past CODE_FAILURES_PER_ACCOUNT wrong codes across codes, the right code is refused and no new code is mailed', async () => {
  const email = s.seed.employee.email;
  const first = await requestCode(email);
  for (let i = 0; i < 5; i++) assert.equal((await verify(email, wrong(first))).status, 401);
  const second = await requestCode(email);
  for (let i = 5; i < CAP; i++) assert.equal((await verify(email, wrong(second))).status, 401);
  const refused = await verify(email, second);
  assert.equal(refused.status, 401, 'the right code past the cap');
  assert.equal(refused.body.code, 'invalid_code');
  assert.equal(await mailsAfterRequest(email), false, 'no new code is mailed past the cap');
  // Another account is not affected.
  const other = s.seed.owner.email;
  const since = s.mail.messages.length;
  await post(s.url, RESET, { email: other, vendor_type: 'owner' }, from());
  const code = (await s.mail.waitFor(other, { since, withCode: true })).code!;
  assert.equal(
    (await post(s.url, `${RESET}/verify`, { email: other, vendor_type: 'owner', code }, from())).status,
    200,
  );
});

// Regression: per-address keys took an IPv6 address as is, so a client rotating inside its /64
// had a fresh allowance for every address.
test('an IPv6 client rotating addresses inside its /64 meets the per-address login limit', async () => {
  const attempt = (suffix: string) =>
    post(
      s.url,
      '/api/v1/auth/admin/login',
      { email: s.seed.limited.email, password: 'wrong-password-1' },
      { 'x-forwarded-for': `2001:db8:7:1::${suffix}` },
    );
  for (const suffix of ['1', 'a:b', 'ffff:1']) assert.equal((await attempt(suffix)).status, 401);
  const limited = await attempt('dead:beef');
  assert.equal(limited.status, 429, 'a fourth address of the same /64 is limited');
  const otherNetwork = await post(
    s.url,
    '/api/v1/auth/admin/login',
    { email: s.seed.limited.email, password: PASSWORDS.limited },
    { 'x-forwarded-for': '2001:db8:7:2::1' },
  );
  assert.equal(otherNetwork.status, 200, 'the next /64 is another client');
});

// Regression: after a completed reset, the account's other reset tokens stayed valid for their
// lifetime; the code was in the subject; no notice followed.
test('completing a reset spends the other reset tokens and codes, and mails a notice; no subject carries a code', async () => {
  const email = s.seed.admin.email;
  const base = '/api/v1/auth/admin/password-reset';
  const grant = async () => {
    const since = s.mail.messages.length;
    await post(s.url, base, { email, admin_type: 'super_admin' }, from());
    const mail = await s.mail.waitFor(email, { since });
    assert.doesNotMatch(mail.subject, /\d{6}/, 'the subject carries no code');
    return (await post(s.url, `${base}/verify`, { email, admin_type: 'super_admin', code: mail.code }, from())).body
      .reset_token as string;
  };
  const [early, late] = [await grant(), await grant()];
  const since = s.mail.messages.length;
  await post(s.url, base, { email, admin_type: 'super_admin' }, from());
  const pendingCode = (await s.mail.waitFor(email, { since, withCode: true })).code!;

  assert.equal(
    (await post(s.url, `${base}/complete`, { reset_token: late, password: 'brand-new-pass-T5y^' })).status,
    200,
  );
  const notice = await s.mail.waitFor(email, { since: since + 1 });
  assert.equal(notice.subject, 'Your password was changed');
  const stale = await post(s.url, `${base}/complete`, { reset_token: early, password: 'attacker-pass-P2o&' });
  assert.equal(stale.status, 401, 'an earlier reset token is spent');
  assert.equal(stale.body.code, 'invalid_reset_token');
  assert.equal(
    (await post(s.url, `${base}/verify`, { email, admin_type: 'super_admin', code: pendingCode }, from())).status,
    401,
    'an outstanding code is spent',
  );
  assert.equal(
    (await post(s.url, '/api/v1/auth/admin/login', { email, password: 'brand-new-pass-T5y^' }, from())).status,
    200,
  );
});

test('an operator setting a password mails the notice too', async () => {
  const since = s.mail.messages.length;
  await withContainer(
    s.db,
    (c) => c.auth.operator.resetPassword('vendor', s.seed.owner.email, 'operator-set-pass-M4n*'),
    { SMTP_URL: s.mail.url },
  );
  const notice = await s.mail.waitFor(s.seed.owner.email, { since });
  assert.equal(notice.subject, 'Your password was changed');
});

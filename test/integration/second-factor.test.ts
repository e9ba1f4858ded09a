// Second factors over HTTP: enrolling an authenticator app (signed in, or forced at sign-in by
// MFA_REQUIRED), the second step of a sign-in with codes computed from the secret, replay and drift,
// recovery codes, the mfa_token's own purpose and its five wrong codes, and removal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { get, post, request } from '../support/http';
import { login, signIn } from '../support/sign-in';
import { interleavedLowerQuartiles } from '../support/timing';
import { awayFromStepEdge, enrolTotp, totpCode, verifyMfa } from '../support/totp';

const s = appSuite({ env: { MFA_REQUIRED: 'super_admin' } });

/** A sign-in with the right password of an account with a factor: its mfa_token. */
async function mfaTokenOf(url: string, role: string, email: string, password: string): Promise<string> {
  const res = await login(url, role as 'admin', email, password);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.mfa_required, true, res.text);
  assert.equal(res.body.access_token, undefined, 'no session before the second step');
  return res.body.mfa_token;
}

test('an enrolled account signs in with a code; a code works once, on any instance; one step of drift, not two', async () => {
  const { email } = s.seed.owner;
  const session = await signIn(s.url, 'vendor', email, PASSWORDS.owner);
  assert.deepEqual(session.vendor.mfa, { totp: false, passkeys: 0 });
  const { secret, recoveryCodes } = await enrolTotp(s.url, 'vendor', session.access_token);
  assert.equal(recoveryCodes.length, 10);
  assert.equal(new Set(recoveryCodes).size, 10);

  const answer = await login(s.url, 'vendor', email, PASSWORDS.owner);
  assert.deepEqual(Object.keys(answer.body).sort(), ['methods', 'mfa_required', 'mfa_token']);
  assert.deepEqual(answer.body.methods, ['totp', 'recovery_code']);

  await awayFromStepEdge();
  const ahead = totpCode(secret, 1); // the enrolment used this step's code: the next step's is new
  const verified = await verifyMfa(s.url, 'vendor', { mfa_token: answer.body.mfa_token, code: ahead });
  assert.equal(verified.status, 200, verified.text);
  assert.deepEqual(verified.body.vendor.mfa, { totp: true, passkeys: 0 });
  assert.equal((await get(s.url, '/api/v1/auth/vendor/me', verified.body.access_token)).status, 200);

  const replay = await verifyMfa(s.url, 'vendor', {
    mfa_token: await mfaTokenOf(s.url, 'vendor', email, PASSWORDS.owner),
    code: ahead,
  });
  assert.equal(replay.status, 401, replay.text);
  assert.equal(replay.body.code, 'invalid_code');
  const second = await s.start();
  const elsewhere = await verifyMfa(second.url, 'vendor', {
    mfa_token: await mfaTokenOf(second.url, 'vendor', email, PASSWORDS.owner),
    code: ahead,
  });
  assert.equal(elsewhere.status, 401, `a second instance refuses the replay too: ${elsewhere.text}`);

  for (const offset of [2, -1]) {
    const refused = await verifyMfa(s.url, 'vendor', {
      mfa_token: await mfaTokenOf(s.url, 'vendor', email, PASSWORDS.owner),
      code: totpCode(secret, offset),
    });
    assert.equal(refused.status, 401, `offset ${offset}: ${refused.text}`);
  }
});

test('MFA_REQUIRED: an account without a factor must enrol before it gets a session, and may not remove it', async () => {
  const { email } = s.seed.admin;
  const forced = await login(s.url, 'admin', email, PASSWORDS.admin);
  assert.equal(forced.status, 200, forced.text);
  assert.deepEqual(Object.keys(forced.body).sort(), ['mfa_enrollment_required', 'mfa_token']);
  const mfaToken = forced.body.mfa_token;
  assert.equal((await get(s.url, '/api/v1/auth/admin/me', mfaToken)).status, 401, 'an mfa_token is no access token');
  const asVerify = await verifyMfa(s.url, 'admin', { mfa_token: mfaToken, code: '123456' });
  assert.equal(asVerify.status, 401);

  const setup = await post(s.url, '/api/v1/auth/admin/mfa/totp/setup', { mfa_token: mfaToken });
  assert.equal(setup.status, 200, setup.text);
  assert.match(setup.body.otpauth_uri, /^otpauth:\/\/totp\/.+secret=/);
  assert.match(setup.body.qr_svg, /^<svg/);
  const wrong = await post(s.url, '/api/v1/auth/admin/mfa/totp/confirm', {
    mfa_token: mfaToken,
    code: wrongCodeFor(setup.body.secret),
  });
  assert.equal(wrong.status, 401, wrong.text);
  assert.equal(wrong.body.code, 'invalid_code');
  await awayFromStepEdge();
  const confirmed = await post(s.url, '/api/v1/auth/admin/mfa/totp/confirm', {
    mfa_token: mfaToken,
    code: totpCode(setup.body.secret),
  });
  assert.equal(confirmed.status, 200, confirmed.text);
  assert.equal(confirmed.body.recovery_codes.length, 10);
  assert.deepEqual(confirmed.body.admin.mfa, { totp: true, passkeys: 0 });
  const token = confirmed.body.access_token;
  assert.equal((await get(s.url, '/api/v1/auth/admin/me', token)).body.admin.mfa.totp, true);
  const again = await post(s.url, '/api/v1/auth/admin/mfa/totp/confirm', {
    mfa_token: mfaToken,
    code: totpCode(setup.body.secret),
  });
  assert.equal(again.status, 401, 'the enrolment mfa_token is spent');

  const removal = await request(s.url, 'DELETE', '/api/v1/auth/admin/mfa/totp', {
    token,
    json: { password: PASSWORDS.admin },
  });
  assert.equal(removal.status, 403, removal.text);
  assert.equal(removal.body.code, 'forbidden');

  // Recovery codes: each once; new ones void the old.
  const [first, second] = confirmed.body.recovery_codes as string[];
  const used = await verifyMfa(s.url, 'admin', {
    mfa_token: await mfaTokenOf(s.url, 'admin', email, PASSWORDS.admin),
    recovery_code: first!,
  });
  assert.equal(used.status, 200, used.text);
  const reused = await verifyMfa(s.url, 'admin', {
    mfa_token: await mfaTokenOf(s.url, 'admin', email, PASSWORDS.admin),
    recovery_code: first!,
  });
  assert.equal(reused.status, 401, reused.text);
  const renewed = await request(s.url, 'POST', '/api/v1/auth/admin/mfa/recovery-codes', {
    token: used.body.access_token,
    json: { password: PASSWORDS.admin },
  });
  assert.equal(renewed.status, 200, renewed.text);
  const old = await verifyMfa(s.url, 'admin', {
    mfa_token: await mfaTokenOf(s.url, 'admin', email, PASSWORDS.admin),
    recovery_code: second!,
  });
  assert.equal(old.status, 401, 'the earlier codes are void');
  const fresh = await verifyMfa(s.url, 'admin', {
    mfa_token: await mfaTokenOf(s.url, 'admin', email, PASSWORDS.admin),
    recovery_code: renewed.body.recovery_codes[0].toUpperCase(),
  });
  assert.equal(fresh.status, 200, fresh.text);
});

/** A 6-digit code that is none of the codes within the drift window. */
function wrongCodeFor(secret: string): string {
  const near = new Set([-1, 0, 1, 2].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

test('an mfa_token and an access token each serve only their own purpose; five wrong codes spend the mfa_token', async () => {
  const { email } = s.seed.employee;
  const session = await signIn(s.url, 'vendor', email, PASSWORDS.employee);
  const { secret } = await enrolTotp(s.url, 'vendor', session.access_token);
  const mfaToken = await mfaTokenOf(s.url, 'vendor', email, PASSWORDS.employee);
  const asBearer = await get(s.url, '/api/v1/auth/vendor/me', mfaToken);
  assert.equal(asBearer.status, 401);
  assert.equal(asBearer.body.code, 'invalid_token');
  const accessAsMfa = await verifyMfa(s.url, 'vendor', { mfa_token: session.access_token, code: totpCode(secret, 1) });
  assert.equal(accessAsMfa.status, 401);
  assert.equal(accessAsMfa.body.code, 'invalid_token');
  assert.equal(
    (await verifyMfa(s.url, 'admin', { mfa_token: mfaToken, code: totpCode(secret, 1) })).status,
    401,
    'a vendor mfa_token on the admin route',
  );

  for (let i = 0; i < 5; i++) {
    const wrong = await verifyMfa(s.url, 'vendor', { mfa_token: mfaToken, code: wrongCodeFor(secret) });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.code, 'invalid_code');
  }
  await awayFromStepEdge();
  const spent = await verifyMfa(s.url, 'vendor', { mfa_token: mfaToken, code: totpCode(secret, 1) });
  assert.equal(spent.status, 401, spent.text);
  assert.equal(spent.body.code, 'invalid_token');
  const events = await get(
    s.url,
    '/api/v1/auth/vendor/events?event=mfa_failed',
    (
      await verifyMfa(s.url, 'vendor', {
        mfa_token: await mfaTokenOf(s.url, 'vendor', email, PASSWORDS.employee),
        code: totpCode(secret, 1),
      })
    ).body.access_token,
  );
  assert.equal(events.status, 200, events.text);
  assert.equal(events.body.items.length, 5);
  assert.ok(!JSON.stringify(events.body).includes(secret));
});

test('removing the app needs the password; afterwards the password alone signs in', async () => {
  const { email } = s.seed.limited;
  const session = await signIn(s.url, 'admin', email, PASSWORDS.limited);
  const { secret } = await enrolTotp(s.url, 'admin', session.access_token);
  const wrong = await request(s.url, 'DELETE', '/api/v1/auth/admin/mfa/totp', {
    token: session.access_token,
    json: { password: 'not-the-password' },
  });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.body.code, 'invalid_credentials');
  const removed = await request(s.url, 'DELETE', '/api/v1/auth/admin/mfa/totp', {
    token: session.access_token,
    json: { password: PASSWORDS.limited },
  });
  assert.equal(removed.status, 204, removed.text);
  const after = await signIn(s.url, 'admin', email, PASSWORDS.limited);
  assert.deepEqual(after.admin.mfa, { totp: false, passkeys: 0 });
  const events = await get(s.url, '/api/v1/auth/admin/events', after.access_token);
  const names = events.body.items.map((e: { event: string }) => e.event);
  assert.ok(names.includes('factor_added') && names.includes('factor_removed'), names.join(', '));
  assert.ok(!JSON.stringify(events.body).includes(secret), 'no secret in the audit trail');
});

test('a wrong password takes as long with a second factor as without', async () => {
  const timed = await s.start({
    ...s.env,
    BCRYPT_ROUNDS: '10',
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IDENTITY: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  });
  const password = 'timing-pass-A1b!x';
  await withContainer(
    s.db,
    async ({ auth }) => {
      for (const who of ['with', 'without'])
        await auth.operator.createAdmin({
          email: `timing-${who}@example.com`,
          password,
          name: who,
          admin_type: 'admin',
        });
    },
    { BCRYPT_ROUNDS: '10' },
  );
  await enrolTotp(
    timed.url,
    'admin',
    (await signIn(timed.url, 'admin', 'timing-with@example.com', password)).access_token,
  );
  const m = await interleavedLowerQuartiles(
    {
      withFactor: () => login(timed.url, 'admin', 'timing-with@example.com', 'wrong-password'),
      without: () => login(timed.url, 'admin', 'timing-without@example.com', 'wrong-password'),
    },
    20,
    (kind, answer) => assert.equal(answer.status, 401, kind),
    (q) => Math.abs(q.withFactor! - q.without!) < 0.35 * Math.max(q.withFactor!, q.without!),
  );
  assert.ok(
    Math.abs(m.withFactor! - m.without!) < 0.35 * Math.max(m.withFactor!, m.without!),
    `lower quartiles: with a factor ${m.withFactor!.toFixed(1)} ms, without ${m.without!.toFixed(1)} ms`,
  );
});

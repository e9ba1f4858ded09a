// The three-step password reset over HTTP, with a real SMTP server on loopback receiving the codes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { TEST_SECRETS } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { get, post } from '../support/http';
import { login } from '../support/sign-in';

const app = appSuite({ smtp: true, env: { MAIL_FROM: 'Auth <auth@example.com>' } });
const { db, seed, mail: smtp } = app;
const secretsSeen = new Set<string>(Object.values(TEST_SECRETS));

const base = (role: string) => `/api/v1/auth/${role}/password-reset`;
const typeField = (role: string) => (role === 'admin' ? 'admin_type' : 'vendor_type');

async function requestCode(role: 'admin' | 'vendor', email: string, type: string) {
  const since = smtp.messages.length;
  const res = await post(app.url, base(role), { email, [typeField(role)]: type });
  assert.equal(res.status, 200);
  const mail = await smtp.waitFor(email, { since, withCode: true });
  assert.match(mail.code ?? '', /^\d{6}$/);
  return mail;
}

async function verify(role: 'admin' | 'vendor', email: string, type: string, code: string) {
  return post(app.url, `${base(role)}/verify`, { email, [typeField(role)]: type, code });
}

describe('full flow', () => {
  for (const [role, who, type] of [
    ['admin', 'limited', 'admin'],
    ['vendor', 'employee', 'employee'],
  ] as const) {
    test(`a ${type} resets the password; old password, refresh and access tokens stop working`, async () => {
      const account = seed[who];
      const oldPassword = PASSWORDS[who];
      const before = await login(app.url, role, account.email, oldPassword);
      assert.equal(before.status, 200);

      const mail = await requestCode(role, account.email, type);
      assert.match(mail.raw, /ignore this message/);
      assert.match(mail.raw, /10 minutes/);
      assert.match(mail.raw, /Content-Type: text\/html/i);
      assert.equal(mail.from, 'auth@example.com');

      const verified = await verify(role, account.email, type, mail.code!);
      assert.equal(verified.status, 200);
      assert.equal(verified.body.success, true);
      assert.equal(typeof verified.body.reset_token, 'string');

      const newPassword = `fresh-${role}-pass-R9q!`;
      const done = await post(app.url, `${base(role)}/complete`, {
        reset_token: verified.body.reset_token,
        password: newPassword,
      });
      assert.equal(done.status, 200);
      assert.deepEqual(done.body, { success: true });

      assert.equal((await login(app.url, role, account.email, oldPassword)).status, 401);
      const after = await login(app.url, role, account.email, newPassword);
      assert.equal(after.status, 200);
      assert.equal(
        (await post(app.url, `/api/v1/auth/${role}/refresh`, { refresh_token: before.body.refresh_token })).status,
        401,
      );
      assert.equal((await get(app.url, `/api/v1/auth/${role}/me`, before.body.access_token)).status, 401);
      assert.equal((await get(app.url, `/api/v1/auth/${role}/me`, after.body.access_token)).status, 200);

      const reused = await post(app.url, `${base(role)}/complete`, {
        reset_token: verified.body.reset_token,
        password: 'another-pass-T7w@',
      });
      assert.equal(reused.status, 401);
      assert.equal(reused.body.code, 'invalid_reset_token');
      assert.equal((await verify(role, account.email, type, mail.code!)).status, 401, 'the code is spent');
      [before.body.access_token, before.body.refresh_token, verified.body.reset_token, after.body.access_token].forEach(
        (t) => secretsSeen.add(t),
      );
      secretsSeen.add(newPassword);
      secretsSeen.add(mail.code!);
    });
  }
});

describe('step 1', () => {
  test('unknown e-mail, wrong type and disabled account get byte-identical answers and no mail', async () => {
    await withContainer(db, (c) => c.auth.operator.setDisabled('vendor', seed.owner.email, true));
    const since = smtp.messages.length;
    const answers = await Promise.all([
      post(app.url, base('vendor'), { email: 'nobody@example.com', vendor_type: 'owner' }),
      post(app.url, base('vendor'), { email: seed.employee.email, vendor_type: 'owner' }),
      post(app.url, base('vendor'), { email: seed.owner.email, vendor_type: 'owner' }),
      post(app.url, base('admin'), { email: seed.employee.email, admin_type: 'admin' }),
    ]);
    const control = await post(app.url, base('admin'), { email: seed.admin.email, admin_type: 'super_admin' });
    for (const answer of answers) {
      assert.equal(answer.status, control.status);
      assert.equal(answer.text, control.text);
    }
    assert.deepEqual(Object.keys(control.body).sort(), ['message', 'success']);
    await smtp.waitFor(seed.admin.email, { since });
    await new Promise((r) => setTimeout(r, 500));
    // Only reset codes count: a password-changed notice of a test running alongside may arrive too.
    assert.deepEqual(
      smtp.messages
        .slice(since)
        .filter((m) => m.subject !== 'Your password was changed')
        .map((m) => m.to[0]),
      [seed.admin.email],
    );
    await withContainer(db, (c) => c.auth.operator.setDisabled('vendor', seed.owner.email, false));
  });

  test('a new request replaces the earlier code', async () => {
    const first = await requestCode('admin', seed.admin.email, 'super_admin');
    const second = await requestCode('admin', seed.admin.email, 'super_admin');
    if (first.code !== second.code)
      assert.equal((await verify('admin', seed.admin.email, 'super_admin', first.code!)).status, 401);
    assert.equal((await verify('admin', seed.admin.email, 'super_admin', second.code!)).status, 200);
  });

  test('malformed requests are 400, not the generic answer', async () => {
    assert.equal((await post(app.url, base('admin'), { email: 'x@example.com' })).status, 400);
    assert.equal((await post(app.url, base('admin'), { email: 'x@example.com', admin_type: 'owner' })).status, 400);
    assert.equal((await post(app.url, base('vendor'), { email: 'x@example.com', admin_type: 'admin' })).status, 400);
  });
});

describe('step 2', () => {
  test('a wrong code is 401, and after five wrong codes the right one is refused too', async () => {
    const mail = await requestCode('vendor', seed.owner.email, 'owner');
    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await verify('vendor', seed.owner.email, 'owner', wrong);
      assert.equal(res.status, 401);
      assert.equal(res.body.code, 'invalid_code');
    }
    assert.equal((await verify('vendor', seed.owner.email, 'owner', mail.code!)).status, 401);
  });

  test('the right code with the wrong type or e-mail is 401', async () => {
    const mail = await requestCode('vendor', seed.owner.email, 'owner');
    assert.equal((await verify('vendor', seed.owner.email, 'employee', mail.code!)).status, 401);
    assert.equal((await verify('vendor', seed.employee.email, 'employee', mail.code!)).status, 401);
    assert.equal((await verify('admin', seed.owner.email, 'admin', mail.code!)).status, 401);
  });

  test('20 parallel guesses on one code: at most five are weighed, one right guess wins once', async () => {
    const mail = await requestCode('admin', seed.limited.email, 'admin');
    const guesses = Array.from({ length: 20 }, (_, i) =>
      i === 3 ? mail.code! : String((Number(mail.code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => verify('admin', seed.limited.email, 'admin', g)));
    const statuses = answers.map((a) => a.status);
    assert.ok(
      statuses.every((s) => s === 200 || s === 401),
      statuses.join(','),
    );
    assert.ok(statuses.filter((s) => s === 200).length <= 1);
  });
});

describe('step 3', () => {
  test('tokens of another purpose are refused as reset_token, and a reset token is no access token', async () => {
    const signedIn = await login(app.url, 'admin', seed.admin.email, PASSWORDS.admin);
    for (const token of [signedIn.body.access_token, signedIn.body.refresh_token, 'garbage']) {
      const res = await post(app.url, `${base('admin')}/complete`, {
        reset_token: token,
        password: 'whatever-pass-U8e&',
      });
      assert.equal(res.status, 401);
      assert.equal(res.body.code, 'invalid_reset_token');
    }
    const mail = await requestCode('admin', seed.admin.email, 'super_admin');
    const verified = await verify('admin', seed.admin.email, 'super_admin', mail.code!);
    const asBearer = await get(app.url, '/api/v1/auth/admin/me', verified.body.reset_token);
    assert.equal(asBearer.status, 401);
    assert.equal(asBearer.body.code, 'invalid_token');
    const onVendor = await post(app.url, `${base('vendor')}/complete`, {
      reset_token: verified.body.reset_token,
      password: 'whatever-pass-U8e&',
    });
    assert.equal(onVendor.status, 401, 'an admin reset token is refused on the vendor route');

    const short = await post(app.url, `${base('admin')}/complete`, {
      reset_token: verified.body.reset_token,
      password: 'Qz7!xw2',
    });
    assert.equal(short.status, 400);
    assert.deepEqual(
      short.body.errors.map((e: { path: string }) => e.path),
      ['password'],
    );
    const long = await post(app.url, `${base('admin')}/complete`, {
      reset_token: verified.body.reset_token,
      password: 'é'.repeat(257),
    });
    assert.equal(long.status, 400);
    assert.match(long.body.detail, /256 characters/);
    const common = await post(app.url, `${base('admin')}/complete`, {
      reset_token: verified.body.reset_token,
      password: 'qwerty123',
    });
    assert.equal(common.status, 400);
    const ok = await post(app.url, `${base('admin')}/complete`, {
      reset_token: verified.body.reset_token,
      password: PASSWORDS.admin,
    });
    assert.equal(ok.status, 200, 'refused passwords did not spend the token');
    secretsSeen.add(verified.body.reset_token);
    secretsSeen.add(signedIn.body.access_token);
  });
});

describe('logs', () => {
  test('no line carries a code, password, token or secret (PASSWORD_RESET_LOG_OTP unset in production)', async () => {
    Object.values(PASSWORDS).forEach((p) => secretsSeen.add(p));
    smtp.messages.forEach((m) => m.code && secretsSeen.add(m.code));
    assert.ok(app.output.length > 10, 'the app logged');
    for (const line of app.output) {
      for (const secret of secretsSeen)
        assert.ok(!line.includes(secret), `a log line carries a secret: ${line.slice(0, 120)}`);
    }
    assert.ok(app.output.some((l) => l.includes('password_reset_mail_sent')));
  });
});

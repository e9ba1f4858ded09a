// The person's language over HTTP, with no browser involved: a saved locale wins over the request's
// Accept-Language for a mail, Accept-Language alone picks it for a sign-up code, an unsupported
// locale is a 400 problem, and the profile shows what was saved.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { customerPath } from '../support/customers';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';

const s = appSuite({
  smtp: true,
  env: { RATE_LIMIT_RESET_PER_IDENTITY: '100', RATE_LIMIT_RESET_PER_IP: '1000' },
});

const me = (role: 'admin' | 'vendor' | 'customer', token: string, json?: unknown) =>
  request(s.url, json === undefined ? 'GET' : 'PATCH', `/api/v1/auth/${role}/me`, { token, json });

test('a saved locale wins over Accept-Language: a reset asked for in French reaches a German account in German', async () => {
  const { access_token } = await signIn(s.url, 'admin', s.seed.limited.email, PASSWORDS.limited);
  const saved = await me('admin', access_token, { locale: 'de' });
  assert.equal(saved.status, 200, saved.text);
  assert.equal(saved.body.admin.locale, 'de');
  assert.equal((await me('admin', access_token)).body.admin.locale, 'de', '/me shows the saved locale');

  const since = s.mail.messages.length;
  const asked = await request(s.url, 'POST', '/api/v1/auth/admin/password-reset', {
    json: { email: s.seed.limited.email, admin_type: 'admin' },
    headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
  });
  assert.equal(asked.status, 200, asked.text);
  const mail = await s.mail.waitFor(s.seed.limited.email, { since, withCode: true });
  assert.equal(mail.subject, 'Ihr Code zum Zurücksetzen des Passworts');
  assert.match(mail.text, /Hallo Orders Admin,/);
  assert.match(mail.text, new RegExp(`Ihr Code zum Zurücksetzen des Passworts lautet ${mail.code}\\.`));
  assert.match(mail.text, /Er ist 10 Minuten lang gültig/);
  assert.doesNotMatch(mail.text, /réinitialisation|Your password/);
});

test('Accept-Language alone picks the language of a sign-up code; the account saves none', async () => {
  const email = 'lucia@example.com';
  const since = s.mail.messages.length;
  const registered = await request(s.url, 'POST', customerPath('register'), {
    json: { email, password: 'long-enough-password-7', name: 'Lucía' },
    headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
  });
  assert.equal(registered.status, 200, registered.text);
  const mail = await s.mail.waitFor(email, { since, withCode: true });
  assert.equal(mail.subject, 'Confirma tu dirección de correo electrónico');
  assert.match(mail.text, new RegExp(`Tu código de verificación es ${mail.code}\\.`));
  assert.match(mail.text, /Hola, Lucía:/);

  const verified = await request(s.url, 'POST', customerPath('verifyRegistration'), {
    json: { email, code: mail.code },
  });
  assert.equal(verified.status, 200, verified.text);
  assert.equal(verified.body.customer.locale, null, 'the request chose the mail, not the account');
});

test('Arabic mails: a right-to-left subject and body, decoded whole; an unsupported Accept-Language falls back to English', async () => {
  const since = s.mail.messages.length;
  await request(s.url, 'POST', '/api/v1/auth/vendor/password-reset', {
    json: { email: s.seed.owner.email, vendor_type: 'owner' },
    headers: { 'accept-language': 'ar-EG' },
  });
  const arabic = await s.mail.waitFor(s.seed.owner.email, { since, withCode: true });
  assert.equal(arabic.subject, 'رمز إعادة تعيين كلمة المرور');
  assert.match(arabic.text, /الرمز صالح لمدة 10 دقائق/);

  const next = s.mail.messages.length;
  await request(s.url, 'POST', '/api/v1/auth/vendor/password-reset', {
    json: { email: s.seed.owner.email, vendor_type: 'owner' },
    headers: { 'accept-language': 'ja-JP, zz;q=0.5' },
  });
  const english = await s.mail.waitFor(s.seed.owner.email, { since: next, withCode: true });
  assert.equal(english.subject, 'Your password reset code', 'DEFAULT_LOCALE, en unless set');
});

test('PATCH me with an unsupported locale is a 400 problem naming the field, and saves nothing', async () => {
  for (const [role, email, password] of [
    ['vendor', s.seed.employee.email, PASSWORDS.employee],
    ['customer', s.seed.customer.email, PASSWORDS.customer],
  ] as const) {
    const { access_token } = await signIn(s.url, role, email, password);
    for (const locale of ['xx', 'de-DE', 42, '']) {
      const refused = await me(role, access_token, { locale });
      assert.equal(refused.status, 400, `${role} ${JSON.stringify(locale)}: ${refused.text}`);
      assert.match(refused.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(refused.body.code, 'validation_failed');
      assert.ok(
        (refused.body.errors as { path: string }[]).some((e) => e.path === 'locale'),
        `the problem names locale: ${refused.text}`,
      );
    }
    const profile = (await me(role, access_token)).body;
    assert.equal(profile[role].locale, null);
    const saved = await me(role, access_token, { locale: 'fr' });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body[role].locale, 'fr');
  }
  const { access_token } = await signIn(s.url, 'customer', s.seed.customer.email, PASSWORDS.customer);
  const empty = await me('customer', access_token, {});
  assert.equal(empty.status, 400, 'a customer changes a name, a language or both');
});

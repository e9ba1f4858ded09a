// Customers over HTTP: registration read through the mailed code, the enumeration and takeover
// rules, code sign-in, profile, sessions, password and e-mail changes, reset, deletion, export.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createAuthClient, memoryTokenStore } from '@/client';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { decodePayload } from '../support/tokens';
import { customerCall, mailedCode, registeredCustomer, signInCode } from '../support/customers';
import { login, signIn } from '../support/sign-in';

const suite = appSuite({ smtp: true, env: { TRUST_PROXY: '1' } });
const { mail, seed } = suite;
const PASSWORD = 'customer-pass-T6y!u3';
const OTHER_PASSWORD = 'another-pass-K9j@e5';
let n = 0;
/** A fresh address and client address per test, so no limit carries over. */
const fresh = (label: string) => {
  n += 1;
  return { email: `${label}-${n}@example.com`, ip: `10.20.${n}.1` };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('registration', () => {
  test('register, read the code from the mail, verify: signed in with a verified profile', async () => {
    const { email, ip } = fresh('new');
    const since = mail.messages.length;
    const answer = await customerCall(suite.url, 'register', {
      json: { email, password: PASSWORD, name: 'Nia New' },
      ip,
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.success, true);
    const message = await mail.waitFor(email, { since, withCode: true });
    assert.doesNotMatch(message.subject, /\d{6}/);
    assert.match(message.raw, /text\/html/);
    const verified = await customerCall(suite.url, 'verifyRegistration', { json: { email, code: message.code } });
    assert.equal(verified.status, 200);
    assert.equal(verified.body.customer.email, email);
    assert.equal(verified.body.customer.email_verified, true);
    const me = await customerCall(suite.url, 'me', { token: verified.body.access_token });
    assert.deepEqual(me.body.customer, verified.body.customer);
    const again = await customerCall(suite.url, 'verifyRegistration', { json: { email, code: message.code } });
    assert.equal(again.status, 401);
    assert.equal(again.body.code, 'invalid_code');
    assert.equal((await login(suite.url, 'customer', email, PASSWORD)).status, 200);
  });

  test('a taken e-mail answers byte-identically, gets a notice instead of a code, and nothing changes', async () => {
    const { email, ip } = fresh('unknown');
    const since = mail.messages.length;
    const forNew = await customerCall(suite.url, 'register', { json: { email, password: PASSWORD, name: 'X' }, ip });
    const forTaken = await customerCall(suite.url, 'register', {
      json: { email: seed.customer.email, password: OTHER_PASSWORD, name: 'Mallory' },
      ip,
    });
    assert.equal(forTaken.status, forNew.status);
    assert.equal(forTaken.text, forNew.text);
    assert.equal(forTaken.headers.get('content-type'), forNew.headers.get('content-type'));
    const notice = await mail.waitFor(seed.customer.email, { since });
    assert.equal(notice.code, null);
    assert.match(notice.subject, /tried to create an account/);
    assert.equal((await login(suite.url, 'customer', seed.customer.email, OTHER_PASSWORD)).status, 401);
    const signedIn = await signIn(suite.url, 'customer', seed.customer.email, PASSWORDS.customer);
    assert.equal(signedIn.customer.name, 'Sam Shopper');
  });

  test('the right password of an unverified account is 403 email_not_verified with a new code; a wrong one is 401', async () => {
    const { email, ip } = fresh('pending');
    let since = mail.messages.length;
    await customerCall(suite.url, 'register', { json: { email, password: PASSWORD, name: 'P' }, ip });
    await mailedCode(mail, email, since);
    // Registering again while unverified replaces the password and sends a new code.
    since = mail.messages.length;
    await customerCall(suite.url, 'register', { json: { email, password: OTHER_PASSWORD, name: 'P2' }, ip });
    const second = await mailedCode(mail, email, since);
    assert.equal((await login(suite.url, 'customer', email, PASSWORD)).status, 401);
    since = mail.messages.length;
    const refused = await login(suite.url, 'customer', email, OTHER_PASSWORD);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'email_not_verified');
    const third = await mailedCode(mail, email, since);
    assert.equal(
      (await customerCall(suite.url, 'verifyRegistration', { json: { email, code: second } })).status,
      401,
      'a new code replaces the old',
    );
    const verified = await customerCall(suite.url, 'verifyRegistration', { json: { email, code: third } });
    assert.equal(verified.body.customer.name, 'P2');
  });

  test('resend mails a new code to an unverified account and answers alike for any address', async () => {
    const { email, ip } = fresh('resend');
    let since = mail.messages.length;
    await customerCall(suite.url, 'register', { json: { email, password: PASSWORD, name: 'R' }, ip });
    await mailedCode(mail, email, since);
    since = mail.messages.length;
    const known = await customerCall(suite.url, 'resendRegistration', { json: { email }, ip });
    const unknown = await customerCall(suite.url, 'resendRegistration', {
      json: { email: `nobody-${n}@example.com` },
      ip,
    });
    assert.equal(known.text, unknown.text);
    const code = await mailedCode(mail, email, since);
    assert.equal((await customerCall(suite.url, 'verifyRegistration', { json: { email, code } })).status, 200);
  });

  test('a weak password is refused for every address alike (400)', async () => {
    const res = await customerCall(suite.url, 'register', {
      json: { email: seed.customer.email, password: 'password', name: 'W' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'validation_failed');
  });
});

describe('code sign-in', () => {
  test('pre-registration by someone else, then the owner signs in by code: the first password is useless', async () => {
    const { email, ip } = fresh('victim');
    const since = mail.messages.length;
    await customerCall(suite.url, 'register', { json: { email, password: OTHER_PASSWORD, name: 'Attacker' }, ip });
    await mailedCode(mail, email, since);
    const code = await signInCode(suite.url, mail, email);
    const signedIn = await customerCall(suite.url, 'verifyLoginCode', { json: { email, code } });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.customer.email_verified, true);
    const attacker = await login(suite.url, 'customer', email, OTHER_PASSWORD);
    assert.equal(attacker.status, 401);
    assert.equal(attacker.body.code, 'invalid_credentials');
  });

  test('a wrong code is 401 invalid_code; five wrong tries spend the code', async () => {
    const code = await signInCode(suite.url, mail, seed.customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await customerCall(suite.url, 'verifyLoginCode', {
        json: { email: seed.customer.email, code: wrong },
      });
      assert.equal(res.body.code, 'invalid_code');
    }
    assert.equal(
      (await customerCall(suite.url, 'verifyLoginCode', { json: { email: seed.customer.email, code } })).status,
      401,
    );
  });

  test('20 parallel verifications of one code give exactly one success', async () => {
    const { email, ip } = fresh('parallel');
    await registeredCustomer(suite.url, mail, email, PASSWORD, 'Par', ip);
    const code = await signInCode(suite.url, mail, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => customerCall(suite.url, 'verifyLoginCode', { json: { email, code } })),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 1);
    assert.ok(answers.every((a) => a.status === 200 || a.body.code === 'invalid_code'));
  });

  test('an unknown e-mail gets the same answer and no mail', async () => {
    const since = mail.messages.length;
    const known = await customerCall(suite.url, 'requestLoginCode', { json: { email: seed.customer.email } });
    const unknown = await customerCall(suite.url, 'requestLoginCode', { json: { email: 'nobody-code@example.com' } });
    assert.equal(known.text, unknown.text);
    await settle();
    assert.ok(!mail.messages.slice(since).some((m) => m.to.includes('nobody-code@example.com')));
  });
});

describe('the signed-in customer', () => {
  test('changes the name, lists and ends sessions, reads its events; refresh and logout work', async () => {
    const { email, ip } = fresh('profile');
    const first = await registeredCustomer(suite.url, mail, email, PASSWORD, 'Before', ip);
    const renamed = await customerCall(suite.url, 'updateMe', { token: first.access_token, json: { name: 'After' } });
    assert.equal(renamed.body.customer.name, 'After');
    const second = await signIn(suite.url, 'customer', email, PASSWORD);
    const sessions = await customerCall(suite.url, 'listOwnSessions', { token: second.access_token });
    assert.equal(sessions.body.items.length, 2);
    // The first sign-in's session: ending the caller's own would refuse its token from then on.
    const callers = decodePayload(second.access_token).sid;
    const other = (sessions.body.items as { id: string }[]).find((item) => item.id !== callers)!;
    const del = await fetch(`${suite.url}/api/v1/auth/customer/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    assert.equal(del.status, 204);
    assert.equal(
      (await customerCall(suite.url, 'listOwnSessions', { token: second.access_token })).body.items.length,
      1,
    );
    const events = await customerCall(suite.url, 'listOwnEvents', { token: second.access_token });
    assert.ok(events.body.items.some((e: { event: string }) => e.event === 'account_created'));
    // The first sign-in ended: its refresh token is refused, the second's rotates.
    const refreshed = await Promise.all(
      [first, second].map((pair) =>
        customerCall(suite.url, 'refresh', { json: { refresh_token: pair.refresh_token } }),
      ),
    );
    assert.deepEqual(
      refreshed.map((r) => r.status),
      [401, 200],
    );
    const rotated = refreshed[1]!;
    assert.equal(
      (await customerCall(suite.url, 'logout', { json: { refresh_token: rotated.body.refresh_token } })).status,
      204,
    );
    assert.equal(
      (await customerCall(suite.url, 'refresh', { json: { refresh_token: rotated.body.refresh_token } })).status,
      401,
    );
  });

  test('a password change ends every earlier session and answers a new pair', async () => {
    const { email, ip } = fresh('password');
    const first = await registeredCustomer(suite.url, mail, email, PASSWORD, 'Pat', ip);
    const wrong = await customerCall(suite.url, 'changePassword', {
      token: first.access_token,
      json: { current_password: 'nope-nope', new_password: OTHER_PASSWORD },
    });
    assert.equal(wrong.body.code, 'invalid_credentials');
    const changed = await customerCall(suite.url, 'changePassword', {
      token: first.access_token,
      json: { current_password: PASSWORD, new_password: OTHER_PASSWORD },
    });
    assert.equal(changed.status, 200);
    assert.equal((await customerCall(suite.url, 'me', { token: first.access_token })).status, 401);
    assert.equal(
      (await customerCall(suite.url, 'refresh', { json: { refresh_token: first.refresh_token } })).status,
      401,
    );
    assert.equal((await customerCall(suite.url, 'me', { token: changed.body.access_token })).status, 200);
    assert.equal((await login(suite.url, 'customer', email, OTHER_PASSWORD)).status, 200);
  });

  test('an e-mail change mails a code to the new address and a notice to the old; a taken address changes nothing', async () => {
    const { email, ip } = fresh('mover');
    const target = `moved-${n}@example.com`;
    const me = await registeredCustomer(suite.url, mail, email, PASSWORD, 'Mo', ip);
    const token = me.access_token;
    assert.equal(
      (await customerCall(suite.url, 'changeEmail', { token, json: { new_email: target, password: 'wrong-pass' } }))
        .status,
      401,
    );
    let since = mail.messages.length;
    const toTaken = await customerCall(suite.url, 'changeEmail', {
      token,
      json: { new_email: seed.customer.email, password: PASSWORD },
    });
    const notice = await mail.waitFor(seed.customer.email, { since });
    assert.equal(notice.code, null);
    since = mail.messages.length;
    const toFree = await customerCall(suite.url, 'changeEmail', {
      token,
      json: { new_email: target, password: PASSWORD },
    });
    assert.equal(toTaken.text, toFree.text);
    const code = await mailedCode(mail, target, since);
    since = mail.messages.length;
    const changed = await customerCall(suite.url, 'verifyEmailChange', { token, json: { code } });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.customer.email, target);
    const old = await mail.waitFor(email, { since });
    assert.match(old.subject, /e-mail address was changed/);
    assert.equal((await login(suite.url, 'customer', target, PASSWORD)).status, 200);
    assert.equal((await login(suite.url, 'customer', email, PASSWORD)).status, 401);
  });

  test('the three-step password reset works for customers', async () => {
    const { email, ip } = fresh('reset');
    await registeredCustomer(suite.url, mail, email, PASSWORD, 'Rae', ip);
    const since = mail.messages.length;
    assert.equal((await customerCall(suite.url, 'requestReset', { json: { email } })).status, 200);
    const code = await mailedCode(mail, email, since);
    const verified = await customerCall(suite.url, 'verifyReset', { json: { email, code } });
    assert.equal(verified.status, 200);
    const done = await customerCall(suite.url, 'completeReset', {
      json: { reset_token: verified.body.reset_token, password: OTHER_PASSWORD },
    });
    assert.equal(done.status, 200);
    assert.equal((await login(suite.url, 'customer', email, OTHER_PASSWORD)).status, 200);
  });

  test('the export is a JSON attachment with the profile, sessions and own events', async () => {
    const { email, ip } = fresh('export');
    const me = await registeredCustomer(suite.url, mail, email, PASSWORD, 'Ex', ip);
    const res = await customerCall(suite.url, 'exportMe', { token: me.access_token });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename=/);
    assert.equal(res.body.customer.email, email);
    assert.equal(res.body.sessions.length, 1);
    assert.ok(res.body.events.some((e: { event: string }) => e.event === 'sign_in_succeeded'));
    assert.doesNotMatch(res.text, /passwordHash|\$2[aby]\$/);
  });
});

describe('deletion', () => {
  test('delete by password: tokens refused, e-mail free again, old tokens stay refused after registering again', async () => {
    const { email, ip } = fresh('leaver');
    const me = await registeredCustomer(suite.url, mail, email, PASSWORD, 'Lee', ip);
    assert.equal(
      (await customerCall(suite.url, 'deleteMe', { token: me.access_token, json: { password: 'wrong-pass' } })).status,
      401,
    );
    const deleted = await customerCall(suite.url, 'deleteMe', { token: me.access_token, json: { password: PASSWORD } });
    assert.equal(deleted.status, 204);
    assert.equal((await customerCall(suite.url, 'me', { token: me.access_token })).body.code, 'invalid_token');
    assert.equal((await customerCall(suite.url, 'refresh', { json: { refresh_token: me.refresh_token } })).status, 401);
    assert.equal((await login(suite.url, 'customer', email, PASSWORD)).status, 401);
    const again = await registeredCustomer(suite.url, mail, email, OTHER_PASSWORD, 'Lee Again', ip);
    assert.notEqual(again.customer.id, me.customer.id);
    assert.equal((await customerCall(suite.url, 'me', { token: me.access_token })).status, 401);
    assert.equal((await customerCall(suite.url, 'me', { token: again.access_token })).status, 200);
  });

  test('delete by a sign-in code', async () => {
    const { email, ip } = fresh('coded');
    const me = await registeredCustomer(suite.url, mail, email, PASSWORD, 'Cody', ip);
    const code = await signInCode(suite.url, mail, email);
    assert.equal((await customerCall(suite.url, 'deleteMe', { token: me.access_token, json: { code } })).status, 204);
    assert.equal((await customerCall(suite.url, 'me', { token: me.access_token })).status, 401);
  });
});

describe('typed client', () => {
  test('client.customer: register, verify (stores the pair), me, update, code sign-in, delete (forgets the pair)', async () => {
    const { email } = fresh('client');
    const store = memoryTokenStore();
    const client = createAuthClient({ baseUrl: suite.url, tokenStore: store });
    let since = mail.messages.length;
    assert.equal((await client.customer.register({ email, password: PASSWORD, name: 'Cli' })).success, true);
    const signedUp = await client.customer.verifyRegistration({ email, code: await mailedCode(mail, email, since) });
    assert.equal((await store.get('customer'))?.access_token, signedUp.access_token);
    assert.equal((await client.customer.me()).customer.id, signedUp.customer.id);
    assert.equal((await client.customer.updateMe({ body: { name: 'Cli 2' } })).customer.name, 'Cli 2');
    since = mail.messages.length;
    await client.customer.requestLoginCode({ email });
    const byCode = await client.customer.verifyLoginCode({ email, code: await mailedCode(mail, email, since) });
    assert.equal((await store.get('customer'))?.refresh_token, byCode.refresh_token);
    await client.customer.deleteMe({ password: PASSWORD });
    assert.equal(await store.get('customer'), null);
  });
});

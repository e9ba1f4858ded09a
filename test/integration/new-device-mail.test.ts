// The new-device mail over HTTP, read from the SMTP sink: none for an account's first sign-in or a
// sign-in from a device it used before; one, naming the device, the address and the time, for
// another browser or address, and only one a day; "This wasn't me" ends that sign-in at once and
// starts a password reset, and its link works once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Role } from '@/contract/auth-schemas';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { registeredCustomer } from '../support/customers';
import { get, post } from '../support/http';
import { signIn } from '../support/sign-in';
import type { ReceivedMail } from '../support/smtp-sink';

const s = appSuite({
  smtp: true,
  // The reset requests below mark when earlier sign-ins' checks have run; they must not be limited.
  env: {
    NEW_DEVICE_MAIL: '1',
    TRUST_PROXY: '1',
    RATE_LIMIT_RESET_PER_IDENTITY: '100',
    RATE_LIMIT_RESET_PER_IP: '1000',
    RATE_LIMIT_CUSTOMER_CODES_PER_EMAIL: '100',
  },
});

const SUBJECT = 'New sign-in to your account';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const HOME = '198.51.100.7';
const ELSEWHERE = '203.0.113.50';
const from = (userAgent: string, ip: string) => ({ 'user-agent': userAgent, 'x-forwarded-for': ip });

/** The raw message with quoted-printable soft breaks and escapes undone, so lines and links read whole. */
const unfolded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

const newDeviceMails = (to: string, since: number) =>
  s.mail.messages.slice(since).filter((m) => m.to.includes(to) && m.subject === SUBJECT);

const resetBody = (role: Role, email: string) => (role === 'vendor' ? { email, vendor_type: 'owner' } : { email });

/**
 * Every check of the sign-ins so far has run: a reset code requested now is mailed after them (the
 * checks were deferred earlier, and each takes no longer than the reset's own work).
 */
async function settled(role: Role, email: string): Promise<void> {
  const since = s.mail.messages.length;
  const asked = await post(s.url, `/api/v1/auth/${role}/password-reset`, resetBody(role, email));
  assert.equal(asked.status, 200, asked.text);
  await s.mail.waitFor(email, { since, withCode: true });
}

function notMeToken(mail: ReceivedMail, role: Role): string {
  const page = { customer: '/account/not-me', vendor: '/vendor/not-me', admin: '/admin/not-me' }[role];
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(unfolded(mail.raw));
  if (!match) throw new Error(`no "This wasn't me" link in the mail to ${mail.to.join(', ')}`);
  return match[1]!;
}

/** The whole story for one account whose first sign-in, `first`, came from the client of `home`'s headers. */
async function story(
  role: Role,
  email: string,
  password: string,
  home: Record<string, string>,
  first: () => Promise<unknown>,
) {
  const start = s.mail.messages.length;
  await first();
  await settled(role, email);
  assert.equal(newDeviceMails(email, start).length, 0, 'no mail for the first sign-in');

  await signIn(s.url, role, email, password, home);
  await settled(role, email);
  assert.equal(newDeviceMails(email, start).length, 0, 'no mail for the same browser and address');

  const since = s.mail.messages.length;
  const stranger = await signIn(s.url, role, email, password, from(FIREFOX_WINDOWS, ELSEWHERE));
  const mail = await s.mail.waitFor(email, { since });
  assert.equal(mail.subject, SUBJECT);
  const body = unfolded(mail.raw);
  assert.match(body, /Firefox on Windows/);
  assert.match(body, new RegExp(ELSEWHERE.replace(/\./g, '\\.')));
  assert.match(body, /Time: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);
  assert.match(body, /This wasn't me/);

  await signIn(s.url, role, email, password, from(FIREFOX_WINDOWS, ELSEWHERE));
  await settled(role, email);
  assert.equal(newDeviceMails(email, since).length, 1, 'one mail for the new device, not one a sign-in');

  // The link: that sign-in ends at once, and a reset code follows.
  const me = `/api/v1/auth/${role}/me`;
  assert.equal((await get(s.url, me, stranger.access_token)).status, 200);
  const token = notMeToken(mail, role);
  const beforeNotMe = s.mail.messages.length;
  const disowned = await post(s.url, `/api/v1/auth/${role}/not-me`, { token });
  assert.equal(disowned.status, 200, disowned.text);
  assert.equal(disowned.body.success, true);
  assert.equal((await get(s.url, me, stranger.access_token)).status, 401, "the disowned sign-in's token is refused");
  const reset = await s.mail.waitFor(email, { since: beforeNotMe, withCode: true });
  assert.match(reset.subject, /password reset/i);
  const refreshed = await post(s.url, `/api/v1/auth/${role}/refresh`, { refresh_token: stranger.refresh_token });
  assert.equal(refreshed.status, 401, 'nor can it be refreshed');

  const again = await post(s.url, `/api/v1/auth/${role}/not-me`, { token });
  assert.equal(again.status, 401, again.text);
  assert.equal(again.body.code, 'invalid_link');
  assert.match(String(again.headers.get('content-type')), /application\/problem\+json/);

  // The link forgot the device, yet the same day it is not mailed again: one mail a day per device.
  const afterLink = s.mail.messages.length;
  await signIn(s.url, role, email, password, from(FIREFOX_WINDOWS, ELSEWHERE));
  await settled(role, email);
  assert.equal(newDeviceMails(email, afterLink).length, 0, 'no second mail the same day');
}

test('a customer: no mail for the first sign-in or the same device; one for another; the link ends it', async () => {
  const email = 'new-device-shopper@example.com';
  const password = 'shopper-new-device-Pw9!';
  // The registration's code signs in from the test's own client: that is the account's first sign-in.
  await story('customer', email, password, {}, () => registeredCustomer(s.url, s.mail, email, password));
});

test("vendor staff: the same, for the business owner's account", async () => {
  const { email } = s.seed.owner;
  await story('vendor', email, PASSWORDS.owner, from(CHROME_LINUX, HOME), () =>
    signIn(s.url, 'vendor', email, PASSWORDS.owner, from(CHROME_LINUX, HOME)),
  );
});

test('the device marker keeps a browser known at another address; without it, that address is new', async () => {
  const { email } = s.seed.customer;
  const first = await signIn(s.url, 'customer', email, PASSWORDS.customer, from(CHROME_LINUX, HOME));
  const since = s.mail.messages.length;
  await signIn(s.url, 'customer', email, PASSWORDS.customer, {
    ...from(CHROME_LINUX, ELSEWHERE),
    'x-device-id': first.device_id,
  });
  await settled('customer', email);
  assert.equal(newDeviceMails(email, since).length, 0, 'the marker says it is the same device');
  const before = s.mail.messages.length;
  await signIn(s.url, 'customer', email, PASSWORDS.customer, from(CHROME_LINUX, '192.0.2.77'));
  const mail = await s.mail.waitFor(email, { since: before });
  assert.equal(mail.subject, SUBJECT);
  assert.match(unfolded(mail.raw), /Chrome on Linux/);
});

test('a link that was never mailed, or is not a token, is refused', async () => {
  for (const token of ['A'.repeat(43), 'not a token']) {
    const res = await post(s.url, '/api/v1/auth/customer/not-me', { token });
    assert.equal(res.status, 401, res.text);
    assert.equal(res.body.code, 'invalid_link');
  }
  assert.equal((await post(s.url, '/api/v1/auth/vendor/not-me', {})).status, 400);
});

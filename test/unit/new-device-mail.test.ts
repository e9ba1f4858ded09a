// The new-device mail's pure parts: when it is on, what one device is, and what the mail says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '@/core/config';
import { deviceKeyOf } from '@/core/service/new-device-notice';
import { newDeviceMail, notMeLink } from '@/core/service/new-device-mail';
import { createMailTexts } from '@/server/mail-texts';

const secrets = {
  JWT_ACCESS_SECRET: 'a'.repeat(32),
  JWT_REFRESH_SECRET: 'b'.repeat(32),
  MFA_ENCRYPTION_KEY: 'c'.repeat(32),
  APP_URL: 'https://auth.example.com',
};
const FIREFOX_133 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const FIREFOX_134 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:134.0) Gecko/20100101 Firefox/134.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('NEW_DEVICE_MAIL: on with SMTP_URL unless 0, off without it unless 1', () => {
  const on = (env: Record<string, string>) => parseConfig({ NODE_ENV: 'production', ...secrets, ...env }).newDeviceMail;
  assert.equal(on({}), false);
  assert.equal(on({ SMTP_URL: 'smtp://mail.example.com:587' }), true);
  assert.equal(on({ SMTP_URL: 'smtp://mail.example.com:587', NEW_DEVICE_MAIL: '0' }), false);
  assert.equal(on({ NEW_DEVICE_MAIL: '1' }), true);
});

test('one device is a browser family on one address: an update keeps it, another browser or address does not', () => {
  const home = { ip: '198.51.100.7', userAgent: FIREFOX_133 };
  assert.equal(deviceKeyOf(home), deviceKeyOf({ ...home, userAgent: FIREFOX_134 }));
  assert.notEqual(deviceKeyOf(home), deviceKeyOf({ ...home, userAgent: CHROME }));
  assert.notEqual(deviceKeyOf(home), deviceKeyOf({ ...home, ip: '198.51.100.8' }));
  // An IPv6 client is one address across its /64.
  assert.equal(
    deviceKeyOf({ ip: '2001:db8:1:2::10', userAgent: CHROME }),
    deviceKeyOf({ ip: '2001:db8:1:2:abcd::1', userAgent: CHROME }),
  );
});

test('the mail names the device, the address and the time, and links the role page; no token in the subject', () => {
  const link = notMeLink('https://auth.example.com', 'vendor', 'tok_en-1');
  assert.equal(link, 'https://auth.example.com/vendor/not-me?token=tok_en-1');
  const mail = newDeviceMail(createMailTexts()('en'), {
    to: 'a@example.com',
    name: 'Ada <admin>',
    device: 'Firefox on Windows',
    address: '198.51.100.7',
    at: new Date('2026-12-04T10:15:00Z'),
    link,
  });
  assert.equal(mail.subject, 'New sign-in to your account');
  for (const part of ['Firefox on Windows', '198.51.100.7', 'December 4, 2026 at 10:15 AM UTC', link])
    assert.match(mail.text, new RegExp(part.replace(/[.?]/g, '\\$&')));
  assert.match(mail.html, /<a href="https:\/\/auth\.example\.com\/vendor\/not-me\?token=tok_en-1">This wasn't me<\/a>/);
  assert.match(mail.html, /Ada &lt;admin&gt;/);
});

// Password reset under other settings: expiry, a mail server that is down, and PASSWORD_RESET_LOG_OTP.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { freePort } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { post } from '../support/http';

// Each test starts the app with its own settings.
const suite = appSuite({ smtp: true, instances: 0 });
const { db, seed, mail: smtp } = suite;
const app = (env: Record<string, string>) => suite.start(env);

const stepOne = (url: string, email: string, type = 'super_admin') =>
  post(url, '/api/v1/auth/admin/password-reset', { email, admin_type: type });

test('an expired code is refused', async () => {
  const short = await app({ SMTP_URL: smtp.url, PASSWORD_RESET_OTP_TTL: '1s' });
  const since = smtp.messages.length;
  await stepOne(short.url, seed.admin.email);
  const mail = await smtp.waitFor(seed.admin.email, { since });
  await new Promise((r) => setTimeout(r, 1500));
  const res = await post(short.url, '/api/v1/auth/admin/password-reset/verify', {
    email: seed.admin.email,
    admin_type: 'super_admin',
    code: mail.code,
  });
  assert.equal(res.status, 401);
  assert.equal(res.body.code, 'invalid_code');
  await short.stop();
});

test('with the mail server down, step 1 still answers the generic success and logs the failure', async () => {
  const closedPort = await freePort();
  const down = await app({ SMTP_URL: `smtp://127.0.0.1:${closedPort}`, PASSWORD_RESET_LOG_OTP: '0' });
  const unknown = await stepOne(down.url, 'nobody@example.com');
  const known = await stepOne(down.url, seed.admin.email);
  assert.equal(known.status, 200);
  assert.equal(known.text, unknown.text);
  const deadline = Date.now() + 10_000;
  while (!down.output.some((l) => l.includes('deferred_task_failed')) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  assert.ok(
    down.output.some((l) => l.includes('deferred_task_failed')),
    'the failure is logged',
  );
  assert.equal(
    (await post(down.url, '/api/v1/auth/admin/password-reset', { email: seed.admin.email, admin_type: 'super_admin' }))
      .status,
    200,
  );
  await down.stop();
});

function otpLines(output: string[]) {
  return output
    .filter((l) => l.includes('"otp"'))
    .map((l) => JSON.parse(l) as { otp: string; email: string; role: string; event: string });
}

test('PASSWORD_RESET_LOG_OTP=0 never logs a code, even outside production', async () => {
  const quiet = await app({ SMTP_URL: smtp.url, PASSWORD_RESET_LOG_OTP: '0', NODE_ENV: 'development' });
  const since = smtp.messages.length;
  await stepOne(quiet.url, seed.admin.email);
  const mail = await smtp.waitFor(seed.admin.email, { since });
  assert.deepEqual(otpLines(quiet.output), []);
  assert.ok(!quiet.output.some((l) => l.includes(mail.code!)));
  await quiet.stop();
});

test('PASSWORD_RESET_LOG_OTP=1 logs exactly one line per issued code, with e-mail, role and otp', async () => {
  const loud = await app({ SMTP_URL: smtp.url, PASSWORD_RESET_LOG_OTP: '1' });
  const codes: string[] = [];
  for (const [email, type] of [
    [seed.admin.email, 'super_admin'],
    [seed.limited.email, 'admin'],
  ] as const) {
    const since = smtp.messages.length;
    await stepOne(loud.url, email, type);
    codes.push((await smtp.waitFor(email, { since, withCode: true })).code!);
  }
  await stepOne(loud.url, 'nobody@example.com'); // no code issued, no line
  await new Promise((r) => setTimeout(r, 300));
  const lines = otpLines(loud.output);
  assert.deepEqual(
    lines.map((l) => [l.email, l.role, l.otp]),
    [
      [seed.admin.email, 'admin', codes[0]],
      [seed.limited.email, 'admin', codes[1]],
    ],
  );
  // Bounded by non-digits: a code may occur inside a longer number (a migration's timestamp).
  for (const code of codes)
    assert.equal(
      loud.output.filter((l) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(l)).length,
      1,
      'no other line carries the code',
    );
  await loud.stop();
});

test('without SMTP_URL each message is written to the development outbox as .eml, and its path logged', async () => {
  const dev = await app({ PASSWORD_RESET_LOG_OTP: '0' });
  await stepOne(dev.url, seed.limited.email, 'admin');
  const outbox = path.join(db.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  let files: string[] = [];
  while (files.length === 0 && Date.now() < deadline) {
    files = await readdir(outbox).catch(() => []);
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(files.length, 1);
  assert.match(files[0]!, /\.eml$/);
  const eml = await readFile(path.join(outbox, files[0]!), 'utf8');
  assert.match(eml, /^To: u-orders@example\.com$/m);
  assert.match(eml, /Your password reset code is \d{6}/);
  assert.ok(dev.output.some((l) => l.includes('mail_written') && l.includes(files[0]!)));
  await dev.stop();
});

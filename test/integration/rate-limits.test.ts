// The limits (docs/interface.md, "Limits") over HTTP, and login and step-1 timing that reveals
// no account.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import bcrypt from 'bcryptjs';
import type { Role } from '@/contract/auth-schemas';
import { PASSWORDS, withContainer } from '../support/accounts';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { post } from '../support/http';
import { login } from '../support/sign-in';
import { interleavedLowerQuartiles } from '../support/timing';

const proxied = appSuite({
  smtp: true,
  env: {
    TRUST_PROXY: '1',
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3',
    RATE_LIMIT_LOGIN_PER_IDENTITY: '5',
    RATE_LIMIT_LOGIN_PER_IP: '8',
    RATE_LIMIT_RESET_PER_IDENTITY: '2',
    RATE_LIMIT_RESET_PER_IP: '4',
  },
});
const { db, seed, mail: smtp } = proxied;

const loginFrom = (app: RunningApp, ip: string, email: string, password: string, role: Role = 'admin') =>
  login(app.url, role, email, password, { 'x-forwarded-for': `203.0.113.7, ${ip}` });

describe('login limits', () => {
  test('past 3 failures for (e-mail, role, IP) that triple gets 429 with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await loginFrom(proxied, '10.1.0.1', seed.limited.email, 'wrong-password')).status, 401);
    const limited = await loginFrom(proxied, '10.1.0.1', seed.limited.email, PASSWORDS.limited);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 900, `Retry-After ${retryAfter}`);
    assert.equal(
      (await loginFrom(proxied, '10.1.0.2', seed.limited.email, PASSWORDS.limited)).status,
      200,
      'another address is not locked out',
    );
    assert.equal(
      (await loginFrom(proxied, '10.1.0.1', seed.limited.email, PASSWORDS.limited, 'vendor')).status,
      401,
      'nor the other role',
    );
  });

  test('past 5 failures for (e-mail, role) from any address the e-mail is limited everywhere', async () => {
    for (let i = 0; i < 5; i++)
      assert.equal((await loginFrom(proxied, `10.2.0.${i}`, seed.owner.email, 'wrong-password', 'vendor')).status, 401);
    assert.equal((await loginFrom(proxied, '10.2.0.99', seed.owner.email, PASSWORDS.owner, 'vendor')).status, 429);
  });

  test('past 8 failures from one address every e-mail from it is limited', async () => {
    for (let i = 0; i < 8; i++)
      assert.equal((await loginFrom(proxied, '10.3.0.1', `nobody${i}@example.com`, 'wrong-password')).status, 401);
    assert.equal((await loginFrom(proxied, '10.3.0.1', seed.admin.email, PASSWORDS.admin)).status, 429);
    assert.equal((await loginFrom(proxied, '10.3.0.2', seed.admin.email, PASSWORDS.admin)).status, 200);
  });

  test('successful logins do not count', async () => {
    for (let i = 0; i < 12; i++)
      assert.equal(
        (await loginFrom(proxied, '10.4.0.1', seed.employee.email, PASSWORDS.employee, 'vendor')).status,
        200,
      );
  });

  test('without TRUST_PROXY, X-Forwarded-For is ignored and cannot dodge the limit', async () => {
    const direct = await proxied.start({ RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '2' });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await loginFrom(direct, `10.5.0.${i}`, 'spoof@example.com', 'wrong-password')).status);
    assert.deepEqual(statuses, [401, 401, 429, 429]);
  });
});

describe('password-reset step 1 limits', () => {
  test('past the per-e-mail limit the answer stays the same, and no code or mail goes out', async () => {
    const since = smtp.messages.length;
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        await post(
          proxied.url,
          '/api/v1/auth/admin/password-reset',
          { email: seed.admin.email, admin_type: 'super_admin' },
          { 'x-forwarded-for': '10.6.0.1' },
        ),
      );
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.equal(new Set(answers.map((a) => a.text)).size, 1);
    // The two allowed mails may take a while on a busy machine; a third would follow them.
    for (let waited = 0; waited < 20_000 && smtp.messages.length - since < 2; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(smtp.messages.slice(since).length, 2);
  });
});

describe('timing', () => {
  let timed: RunningApp;
  before(async () => {
    timed = await proxied.start({
      BCRYPT_ROUNDS: '10',
      RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '1000',
      RATE_LIMIT_LOGIN_PER_IDENTITY: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    });
  });

  test('an unknown e-mail costs a login as much time as a wrong password', async () => {
    // The seeded hashes use cost 4; an account hashed at the app's cost makes the comparison fair.
    await withContainer(db, async (c) => {
      const hash = await bcrypt.hash('timing-pass-A1b!', 10);
      await c.db.prisma.adminAccount.create({
        data: { email: 'timing@example.com', name: 'T', adminType: 'admin', modules: [], passwordHash: hash },
      });
    });
    const quartiles = await interleavedLowerQuartiles(
      {
        known: () => login(timed.url, 'admin', 'timing@example.com', 'wrong-password'),
        unknown: (i) => login(timed.url, 'admin', `absent${i}@example.com`, 'wrong-password'),
      },
      undefined,
      undefined,
      (q) => Math.abs(q.known! - q.unknown!) < 0.35 * q.known!,
    );
    const [k, u] = [quartiles.known!, quartiles.unknown!];
    assert.ok(k > 15, `a cost-10 comparison takes measurable time (${k.toFixed(1)} ms)`);
    assert.ok(
      Math.abs(k - u) < 0.35 * k,
      `lower quartiles: wrong password ${k.toFixed(1)} ms, unknown e-mail ${u.toFixed(1)} ms`,
    );
  });

  test('step 1 takes the same time for an existing and an unknown account', async () => {
    const quartiles = await interleavedLowerQuartiles(
      {
        known: () =>
          post(timed.url, '/api/v1/auth/admin/password-reset', { email: 'timing@example.com', admin_type: 'admin' }),
        unknown: (i) =>
          post(timed.url, '/api/v1/auth/admin/password-reset', {
            email: `absent${i}@example.com`,
            admin_type: 'admin',
          }),
      },
      undefined,
      undefined,
      (q) => Math.abs(q.known! - q.unknown!) < Math.max(5, 0.5 * Math.max(q.known!, q.unknown!)),
    );
    const [k, u] = [quartiles.known!, quartiles.unknown!];
    assert.ok(
      Math.abs(k - u) < Math.max(5, 0.5 * Math.max(k, u)),
      `lower quartiles: existing ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`,
    );
  });
});

// The customers' limits and timing over HTTP: past a limit the same generic answer and no mail;
// registration and code sign-in take the same time for known and unknown e-mails; unverified
// accounts are swept after CUSTOMER_UNVERIFIED_TTL.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createSweeper } from '@/server/db/sweeper';
import { withContainer } from '../support/accounts';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { customerCall, mailedCode } from '../support/customers';
import { interleavedLowerQuartiles } from '../support/timing';

const suite = appSuite({
  smtp: true,
  env: { TRUST_PROXY: '1', RATE_LIMIT_CUSTOMER_REGISTER_PER_IP: '3', RATE_LIMIT_CUSTOMER_CODES_PER_EMAIL: '2' },
});
const { mail, seed, db } = suite;
const PASSWORD = 'customer-pass-T6y!u3';
const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

describe('limits', () => {
  test('past the codes per e-mail, the same answer and no mail', async () => {
    const since = mail.messages.length;
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        await customerCall(suite.url, 'requestLoginCode', { json: { email: seed.customer.email }, ip: `10.30.0.${i}` }),
      );
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.equal(new Set(answers.map((a) => a.text)).size, 1);
    // The codes are mailed after the answers (on a loaded machine, later than a fixed pause): wait
    // for the two admitted ones, then long enough for a third to show.
    const first = await mail.waitFor(seed.customer.email, { since });
    await mail.waitFor(seed.customer.email, { since: mail.messages.indexOf(first) + 1 });
    await settle();
    assert.equal(mail.messages.slice(since).filter((m) => m.to.includes(seed.customer.email)).length, 2);
  });

  test('past the registrations per client address, the same answer and no mail', async () => {
    const since = mail.messages.length;
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(
        await customerCall(suite.url, 'register', {
          json: { email: `burst-${i}@example.com`, password: PASSWORD, name: 'B' },
          ip: '10.31.0.1',
        }),
      );
    }
    assert.equal(new Set(answers.map((a) => `${a.status} ${a.text}`)).size, 1);
    // The mails go out after the answers (on a loaded machine, later than a fixed pause): wait for
    // the three admitted addresses' mail, then long enough for a fourth to show.
    await Promise.all([0, 1, 2].map((i) => mail.waitFor(`burst-${i}@example.com`, { since })));
    await settle();
    assert.equal(mail.messages.slice(since).filter((m) => m.to.some((to) => to.startsWith('burst-'))).length, 3);
    assert.ok(!mail.messages.slice(since).some((m) => m.to.includes('burst-3@example.com')));
  });

  test('unverified accounts are swept after CUSTOMER_UNVERIFIED_TTL; the address can register again', async () => {
    const email = 'sweep-me@example.com';
    const since = mail.messages.length;
    await customerCall(suite.url, 'register', { json: { email, password: PASSWORD, name: 'S' }, ip: '10.32.0.1' });
    await mailedCode(mail, email, since);
    const sweep = (days: number) =>
      withContainer(
        db,
        async ({ db: client, logger, config }) =>
          (
            await createSweeper(
              client.prisma,
              { now: () => new Date(Date.now() + days * 86_400_000) },
              logger,
              config.auditRetention,
              config.customers.unverifiedTtl,
            ).sweepOnce()
          ).unverifiedCustomers ?? 0,
      );
    assert.equal(await sweep(6), 0);
    assert.ok((await sweep(8)) >= 1);
    const left = await withContainer(db, async ({ db: client }) =>
      client.prisma.customerAccount.findMany({ where: { email: { in: [email, seed.customer.email] } } }),
    );
    assert.deepEqual(
      left.map((row) => row.email),
      [seed.customer.email],
      'the unverified one went, the verified one stays',
    );
    const again = mail.messages.length;
    await customerCall(suite.url, 'register', { json: { email, password: PASSWORD, name: 'S2' }, ip: '10.32.0.2' });
    await mailedCode(mail, email, again);
  });
});

describe('timing', () => {
  let timed: RunningApp;
  before(async () => {
    timed = await suite.start({
      ...suite.env,
      BCRYPT_ROUNDS: '10',
      RATE_LIMIT_CUSTOMER_REGISTER_PER_IP: '1000',
      RATE_LIMIT_CUSTOMER_CODES_PER_EMAIL: '1000',
    });
  });

  async function quartiles(
    known: () => Promise<{ status: number }>,
    unknown: (i: number) => Promise<{ status: number }>,
  ) {
    const m = await interleavedLowerQuartiles({ known, unknown }, 20, (_kind, answer) =>
      assert.equal(answer.status, 200),
    );
    return [m.known!, m.unknown!] as [number, number];
  }

  test('registration takes the same time for a taken and a new e-mail', async () => {
    const [k, u] = await quartiles(
      () =>
        customerCall(timed.url, 'register', { json: { email: seed.customer.email, password: PASSWORD, name: 'T' } }),
      (i) =>
        customerCall(timed.url, 'register', {
          json: { email: `timing-new-${i}@example.com`, password: PASSWORD, name: 'T' },
        }),
    );
    assert.ok(
      Math.abs(k - u) < Math.max(5, 0.5 * Math.max(k, u)),
      `lower quartiles: taken ${k.toFixed(1)} ms, new ${u.toFixed(1)} ms`,
    );
  });

  test('a sign-in code request takes the same time for a known and an unknown e-mail', async () => {
    const [k, u] = await quartiles(
      () => customerCall(timed.url, 'requestLoginCode', { json: { email: seed.customer.email } }),
      (i) => customerCall(timed.url, 'requestLoginCode', { json: { email: `timing-absent-${i}@example.com` } }),
    );
    assert.ok(
      Math.abs(k - u) < Math.max(5, 0.5 * Math.max(k, u)),
      `lower quartiles: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`,
    );
  });
});

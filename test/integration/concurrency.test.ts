// Parallel requests on one token, one account and one code: no 500, one refresh successor, one
// spent code, one reset, and rate-limit counters that end exactly where the answers say.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Role } from '@/contract/auth-schemas';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { post, type Answer } from '../support/http';
import { login as loginAnswer } from '../support/sign-in';
import { decodePayload } from '../support/tokens';

const app = appSuite({
  smtp: true,
  env: {
    TRUST_PROXY: '1',
    // One window for the whole run (no boundary to cross mid-test) and a grace no burst outlasts.
    RATE_LIMIT_LOGIN_WINDOW: '36500d',
    RATE_LIMIT_RESET_WINDOW: '36500d',
    JWT_REFRESH_REUSE_GRACE: '60s',
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '10',
    RATE_LIMIT_LOGIN_PER_IDENTITY: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_RESET_PER_IDENTITY: '5',
    RATE_LIMIT_RESET_PER_IP: '1000',
    // These tests count the per-code attempts on one account; the per-account cap across codes
    // (code-guessing.test.ts) would otherwise stop the later ones first.
    CODE_FAILURES_PER_ACCOUNT: '1000',
  },
});
const { db, seed, mail: smtp } = app;

const parallel = <T>(n: number, work: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => work(i)));
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (role: Role, email: string, password: string, ip: string) =>
  loginAnswer(app.url, role, email, password, from(ip));
const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }), {});

/** The login counters of (role, e-mail, ip): per triple, per identity, per address. */
async function loginCounters(role: string, email: string, ip: string) {
  return withContainer(db, async (c) => {
    const value = async (prefix: string) =>
      (await c.db.prisma.rateLimitCounter.findFirst({ where: { key: { startsWith: prefix } } }))?.count ?? 0;
    return {
      triple: await value(`login:identity-ip:${role}:${email}:${ip}:`),
      identity: await value(`login:identity:${role}:${email}:`),
      address: await value(`login:ip:${ip}:`),
    };
  });
}

test('50 parallel refreshes of one token: every one 200 with the same successor, stored once', async () => {
  const pair = (await login('vendor', seed.owner.email, PASSWORDS.owner, '10.20.0.9')).body;
  const answers = await parallel(50, () =>
    post(app.url, '/api/v1/auth/vendor/refresh', { refresh_token: pair.refresh_token }),
  );
  assert.deepEqual(tally(answers), { 200: 50 });
  const successors = new Set(answers.map((a) => a.body.refresh_token as string));
  assert.equal(successors.size, 1, 'exactly one successor');
  const [successor] = successors;

  const { fam, jti } = decodePayload(pair.refresh_token) as { fam: string; jti: string };
  const rows = await withContainer(db, (c) => c.db.prisma.refreshToken.findMany({ where: { familyId: fam } }));
  assert.equal(rows.length, 2, 'the family holds the presented token and one successor');
  const presented = rows.find((r) => r.jti === jti)!;
  assert.ok(presented.usedAt);
  assert.equal(presented.successorJti, decodePayload(successor!).jti);

  const next = await post(app.url, '/api/v1/auth/vendor/refresh', { refresh_token: successor });
  assert.equal(next.status, 200, 'the one successor rotates on');
});

test('50 parallel wrong-password logins with a limit of 10: exactly 10 answered 401, 40 answered 429', async () => {
  const ip = '10.20.0.1';
  const answers = await parallel(50, () => login('admin', seed.limited.email, 'wrong-password-1', ip));
  assert.deepEqual(tally(answers), { 401: 10, 429: 40 });
  for (const a of answers.filter((x) => x.status === 429)) {
    assert.equal(a.body.code, 'rate_limited');
    assert.match(a.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
  }
  assert.deepEqual(
    await loginCounters('admin', seed.limited.email, ip),
    { triple: 10, identity: 10, address: 10 },
    'refused attempts are given back exactly',
  );
  assert.equal(
    (await login('admin', seed.limited.email, PASSWORDS.limited, ip)).status,
    429,
    'the triple is locked, right password or not',
  );
  assert.equal(
    (await login('admin', seed.limited.email, PASSWORDS.limited, '10.20.0.11')).status,
    200,
    'another address is not',
  );
});

test('regression: 50 parallel right-password logins all answer 200, none 429 merely for attempts in flight', async () => {
  const ip = '10.20.0.2';
  const answers = await parallel(50, () => login('vendor', seed.employee.email, PASSWORDS.employee, ip));
  const counts = tally(answers);
  // Only 10 slots exist, so 40 attempts wait for the in-flight ones to settle instead of a 429.
  assert.deepEqual(counts, { 200: 50 });
  const sessions = answers.filter((a) => a.status === 200).map((a) => decodePayload(a.body.refresh_token).fam);
  assert.equal(new Set(sessions).size, counts[200], 'one family per successful login');
  assert.deepEqual(await loginCounters('vendor', seed.employee.email, ip), { triple: 0, identity: 0, address: 0 });
  const wrong = [];
  for (let i = 0; i < 11; i++) wrong.push((await login('vendor', seed.employee.email, 'wrong-password-2', ip)).status);
  assert.deepEqual(wrong, [...Array(10).fill(401), 429], 'all 10 failures were still allowed');
});

test('25 right and 25 wrong passwords in parallel: exactly 10 wrong ones answered 401, and the counter ends there', async () => {
  const ip = '10.20.0.3';
  const answers = await parallel(50, (i) =>
    login('admin', seed.admin.email, i % 2 ? PASSWORDS.admin : 'wrong-password-3', ip),
  );
  const right = tally(answers.filter((_, i) => i % 2));
  const wrong = tally(answers.filter((_, i) => !(i % 2)));
  assert.deepEqual(
    Object.keys(right).filter((s) => s !== '200' && s !== '429'),
    [],
    JSON.stringify(right),
  );
  assert.deepEqual(
    Object.keys(wrong).filter((s) => s !== '401' && s !== '429'),
    [],
    JSON.stringify(wrong),
  );
  // Right passwords wait for free slots too, so the 10 failures all happen; past them, 429.
  assert.equal(wrong[401], 10, JSON.stringify(wrong));
  assert.deepEqual(await loginCounters('admin', seed.admin.email, ip), {
    triple: wrong[401] ?? 0,
    identity: wrong[401] ?? 0,
    address: wrong[401] ?? 0,
  });
});

async function requestCode(role: 'admin' | 'vendor', email: string, type: string) {
  const since = smtp.messages.length;
  assert.equal(
    (await post(app.url, `/api/v1/auth/${role}/password-reset`, { email, [`${role}_type`]: type })).status,
    200,
  );
  return (await smtp.waitFor(email, { since, withCode: true })).code!;
}
const verify = (email: string, code: string) =>
  post(app.url, '/api/v1/auth/admin/password-reset/verify', { email, admin_type: 'admin', code });
const resetRows = (accountId: string) =>
  withContainer(db, async (c) => ({
    code: await c.db.prisma.passwordResetCode.findFirst({ where: { role: 'admin', accountId } }),
    grants: await c.db.prisma.passwordResetGrant.count({ where: { role: 'admin', accountId } }),
  }));

test('20 parallel step-2 guesses of the right code: one reset token, one grant; 20 step-3 calls: one new password', async () => {
  const { email, id } = seed.limited;
  const code = await requestCode('admin', email, 'admin');
  const answers = await parallel(20, () => verify(email, code));
  assert.deepEqual(tally(answers), { 200: 1, 401: 19 });
  assert.ok(answers.filter((a) => a.status === 401).every((a) => a.body.code === 'invalid_code'));
  const rows = await resetRows(id);
  assert.ok(rows.code?.spentAt, 'the code is spent');
  assert.ok(rows.code.attempts >= 1 && rows.code.attempts <= 5, `attempts ${rows.code.attempts}`);
  assert.equal(rows.grants, 1, 'one reset grant');

  const resetToken = answers.find((a) => a.status === 200)!.body.reset_token as string;
  const passwords = Array.from({ length: 20 }, (_, i) => `parallel-reset-${i}-Kq7!`);
  const done = await parallel(20, (i) =>
    post(app.url, '/api/v1/auth/admin/password-reset/complete', { reset_token: resetToken, password: passwords[i] }),
  );
  assert.deepEqual(tally(done), { 200: 1, 401: 19 });
  const winner = done.findIndex((a) => a.status === 200);
  assert.equal(
    (await login('admin', email, passwords[winner]!, '10.20.1.1')).status,
    200,
    'the one accepted password signs in',
  );
  for (const loser of [0, 1, 2].map((k) => (winner + 1 + k) % 20)) {
    assert.equal(
      (await login('admin', email, passwords[loser]!, '10.20.1.2')).status,
      401,
      'a refused password does not',
    );
  }
});

test('20 parallel wrong step-2 guesses: all 401, exactly 5 counted, and the code is then dead', async () => {
  const { email, id } = seed.limited;
  const code = await requestCode('admin', email, 'admin');
  const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  assert.deepEqual(tally(await parallel(20, (i) => verify(email, wrong(i)))), { 401: 20 });
  const rows = await resetRows(id);
  assert.equal(rows.code?.attempts, 5, 'attempts stop at the limit');
  assert.equal((await verify(email, code)).status, 401, 'the right code no longer works');
});

test('20 parallel step-1 requests for one account: 20 identical answers and exactly 5 codes mailed', async () => {
  const { email } = seed.owner;
  const mark = app.output.length;
  const since = smtp.messages.length;
  const answers = await parallel(20, () =>
    post(app.url, '/api/v1/auth/vendor/password-reset', { email, vendor_type: 'owner' }),
  );
  assert.deepEqual(tally(answers), { 200: 20 });
  assert.equal(new Set(answers.map((a) => a.text)).size, 1);
  const settled = () => app.output.slice(mark).filter((l) => /password_reset_(limited|mail_sent)/.test(l)).length;
  for (const deadline = Date.now() + 15_000; settled() < 20 && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 50));
  assert.equal(settled(), 20, 'every request was handled');
  assert.equal(smtp.messages.slice(since).filter((m) => m.to.includes(email)).length, 5);
});

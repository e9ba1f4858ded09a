// The app killed with SIGKILL in the middle of a burst of logins, refreshes and password resets,
// then restarted on the same database: what the server confirmed holds, what was in flight is
// applied in full or not at all, and the stored token chains have no half-written link.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS, seedAccounts, withContainer } from '../support/accounts';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import {
  runNoise,
  runResets,
  runSessions,
  type Account,
  type Burst,
  type ResetWorker,
  type SessionWorker,
} from '../support/crash-workers';
import { get, post } from '../support/http';
import { login } from '../support/sign-in';

const ENV = {
  LOG_LEVEL: 'warn',
  // Longer than the restart takes, so a refresh in flight at the kill can be presented again.
  JWT_REFRESH_REUSE_GRACE: '300s',
  RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '100000',
  RATE_LIMIT_LOGIN_PER_IDENTITY: '100000',
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  RATE_LIMIT_RESET_PER_IDENTITY: '100000',
  RATE_LIMIT_RESET_PER_IP: '100000',
};

let restarted: RunningApp | undefined;
let resets: ResetWorker[];
let sessions: SessionWorker[];

function accountsOf(seed: Awaited<ReturnType<typeof seedAccounts>>): (Account & { password: string })[] {
  return [
    { role: 'admin', email: seed.admin.email, type: 'super_admin', password: PASSWORDS.admin },
    { role: 'admin', email: seed.limited.email, type: 'admin', password: PASSWORDS.limited },
    { role: 'vendor', email: seed.owner.email, type: 'owner', password: PASSWORDS.owner },
    { role: 'vendor', email: seed.employee.email, type: 'employee', password: PASSWORDS.employee },
  ];
}

const app = appSuite({
  smtp: true,
  env: ENV,
  seed: false,
  async setup() {
    resets = accountsOf(await seedAccounts(db, 'r')).map(({ password, ...account }) => ({
      account,
      confirmed: password,
      previous: [],
      completed: 0,
    }));
    sessions = accountsOf(await seedAccounts(db, 's')).map(({ password, ...account }) => ({
      account,
      password,
      chains: [],
      refreshes: 0,
    }));
  },
});
const { db, mail: smtp } = app;

const url = () => restarted!.url;
const signsIn = async (a: Account, password: string) => (await login(url(), a.role, a.email, password)).status === 200;
const refresh = (a: Account, token: string) => post(url(), `/api/v1/auth/${a.role}/refresh`, { refresh_token: token });

test('SIGKILL mid-burst, with requests in flight, and a restart on the same database', async (t) => {
  const started = Date.now();
  const burst: Burst = { app, smtp, killed: false, unanswered: 0, errors: [] };
  const running = [
    ...resets.map((w) => runResets(burst, w)),
    ...sessions.map((w) => runSessions(burst, w)),
    runNoise(burst, 'admin'),
    runNoise(burst, 'vendor'),
  ];
  const enough = () => resets.every((w) => w.completed >= 2) && sessions.every((w) => w.refreshes >= 10);
  const kill = () => {
    if (burst.killed) return;
    burst.killed = true;
    app.process.kill('SIGKILL');
  };
  // Once every worker has had work confirmed, the kill lands 2 ms after a step 3 goes out: it is
  // then usually in flight, as are refreshes, logins and counter updates of the other workers.
  burst.onStep3Sent = () => enough() && setTimeout(kill, 2);
  for (const deadline = Date.now() + 90_000; !burst.killed && burst.errors.length === 0 && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(burst.errors, [], 'the burst ran cleanly');
  assert.ok(
    burst.killed,
    `the burst made progress: ${resets.map((w) => w.completed).join(',')} resets, ${sessions.map((w) => w.refreshes).join(',')} refreshes`,
  );

  await Promise.all(running);
  await app.stop();
  assert.equal(app.process.signalCode, 'SIGKILL');
  assert.deepEqual(burst.errors, []);
  assert.ok(burst.unanswered > 0, 'requests were in flight when the process died');
  const inFlightResets = resets.filter((w) => w.pending).length;
  t.diagnostic(
    `killed after ${Date.now() - started} ms: ${burst.unanswered} requests unanswered, ${inFlightResets} step 3 in flight`,
  );

  restarted = await app.start();
});

test('each account signs in with its last confirmed password, or with the in-flight one if that reset committed in full', async (t) => {
  const outcomes: string[] = [];
  for (const w of resets) {
    const label = `${w.account.email} after ${w.completed} resets${w.pending ? ', one in flight' : ''}`;
    const sessionAlive = w.session ? (await refresh(w.account, w.session.refresh_token)).status === 200 : undefined;
    const previousWork = await Promise.all(w.previous.map((p) => signsIn(w.account, p)));
    assert.deepEqual(
      previousWork,
      w.previous.map(() => false),
      `${label}: earlier passwords are dead`,
    );
    if (!w.pending) {
      assert.ok(await signsIn(w.account, w.confirmed), `${label}: the confirmed password signs in`);
      if (sessionAlive !== undefined)
        assert.ok(sessionAlive, `${label}: the session opened after the last reset is alive`);
      continue;
    }
    const oldWorks = await signsIn(w.account, w.confirmed);
    const newWorks = await signsIn(w.account, w.pending.password);
    assert.notEqual(oldWorks, newWorks, `${label}: exactly one of the confirmed and the in-flight password works`);
    outcomes.push(newWorks ? 'committed' : 'not committed');
    const replay = await post(url(), `/api/v1/auth/${w.account.role}/password-reset/complete`, {
      reset_token: w.pending.resetToken,
      password: w.pending.password,
    });
    if (newWorks) {
      assert.equal(replay.status, 401, `${label}: the committed reset spent its token`);
      if (sessionAlive !== undefined)
        assert.equal(sessionAlive, false, `${label}: the committed reset revoked the older session`);
    } else {
      if (sessionAlive !== undefined)
        assert.ok(sessionAlive, `${label}: the reset that did not commit revoked nothing`);
      assert.equal(replay.status, 200, `${label}: the reset that did not commit left its token unspent`);
      assert.ok(await signsIn(w.account, w.pending.password));
    }
  }
  t.diagnostic(`step 3 in flight at the kill: ${outcomes.join(', ') || 'none'}`);
});

test('every refresh token answered before the kill still rotates, and so does the one in flight', async () => {
  let chains = 0;
  for (const w of sessions) {
    for (const chain of w.chains) {
      chains += 1;
      assert.equal(
        (await get(url(), `/api/v1/auth/${w.account.role}/me`, chain.access_token)).status,
        200,
        'the last answered access token is valid',
      );
      const next = await refresh(w.account, chain.refresh_token);
      assert.equal(next.status, 200, `${w.account.email}: the last answered refresh token rotates`);
      assert.equal((await refresh(w.account, next.body.refresh_token)).status, 200, 'and its successor does too');
    }
  }
  assert.ok(chains >= sessions.length * 2);
});

test('the stored refresh-token chains, codes and counters have no half-written state', async () => {
  const { families, codes, counters } = await withContainer(db, async (c) => ({
    families: await c.db.prisma.refreshFamily.findMany({ include: { tokens: true } }),
    codes: await c.db.prisma.passwordResetCode.findMany(),
    counters: await c.db.prisma.rateLimitCounter.findMany(),
  }));
  assert.ok(families.length > sessions.length * 2);
  for (const family of families) {
    const jtis = new Set(family.tokens.map((t) => t.jti));
    assert.equal(family.tokens.filter((t) => !t.usedAt).length, 1, `family ${family.id} has one current token`);
    for (const t of family.tokens) {
      assert.equal(Boolean(t.usedAt), Boolean(t.successorJti), `token ${t.jti}: used exactly when it has a successor`);
      if (t.successorJti) assert.ok(jtis.has(t.successorJti), `token ${t.jti}: its successor is stored in the family`);
    }
  }
  assert.ok(codes.every((c) => c.attempts >= 0 && c.attempts <= 5));
  assert.deepEqual(
    counters.filter((c) => c.count < 0),
    [],
    'no counter was refunded more than it was charged',
  );
});

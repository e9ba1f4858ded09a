// Two instances on one fresh PostgreSQL database behind Debian's HAProxy, configured as
// docs/deploy.md says, under a steady mixed load: restarting each instance in turn with SIGTERM
// fails or drops no request and loses no session; SIGKILL fails only requests in flight on it.
// Runs in the PostgreSQL pass only: the production set-up of several instances is PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PASSWORDS, seedAccounts } from '../support/accounts';
import { freePort, startApp, type RunningApp } from '../support/app-process';
import { TEST_DIALECT, createTestDatabase, type TestDatabase } from '../support/databases';
import { haproxyInstalled, startHaproxy, type RunningHaproxy } from '../support/haproxy';
import { get, post } from '../support/http';
import { failedRequests, startMixedLoad, type LoadRequest, type LoadUser } from '../support/mixed-load';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

const skip =
  TEST_DIALECT !== 'postgresql'
    ? 'several instances behind a load balancer share PostgreSQL (the SQLite pass has no server to share)'
    : !haproxyInstalled()
      ? 'haproxy is not installed (apt-get install -y haproxy)'
      : false;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const summary = (requests: LoadRequest[]) =>
  JSON.stringify(requests.map(({ op, status, error }) => ({ op, status, error })).slice(0, 10));

describe('rolling restart behind HAProxy', { skip }, () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let lb: RunningHaproxy;
  let ports: number[];
  const apps: RunningApp[] = [];
  let env: Record<string, string>;
  let users: LoadUser[];
  let resetEmail: string;

  before(async () => {
    db = await createTestDatabase();
    smtp = await startSmtpSink();
    env = {
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      // Longer than HAProxy's fall x inter (2 x 500 ms) plus a check's own time on a busy machine.
      SHUTDOWN_DELAY: '3s',
      SHUTDOWN_TIMEOUT: '20s',
      RATE_LIMIT_RESET_PER_IDENTITY: '100000',
      RATE_LIMIT_RESET_PER_IP: '100000',
    };
    ports = [await freePort(), await freePort()];
    apps.push(...(await Promise.all(ports.map((port) => startApp(db, env, port)))));
    const seed = await seedAccounts(db);
    resetEmail = seed.limited.email;
    users = [
      { role: 'admin', email: seed.admin.email, password: PASSWORDS.admin },
      { role: 'vendor', email: seed.owner.email, password: PASSWORDS.owner },
      { role: 'vendor', email: seed.employee.email, password: PASSWORDS.employee },
      { role: 'admin', email: seed.admin.email, password: PASSWORDS.admin },
      { role: 'vendor', email: seed.owner.email, password: PASSWORDS.owner },
      { role: 'vendor', email: seed.employee.email, password: PASSWORDS.employee },
    ];
    lb = await startHaproxy(
      ports.map((p) => `127.0.0.1:${p}`),
      500,
    );
    await lb.waitUntilUp(['app1', 'app2']);
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.stop('SIGKILL')));
    await lb?.stop();
    await smtp?.close();
    await db?.drop();
  });

  test('restarting each instance in turn with SIGTERM under load fails no request and loses no session', async (t) => {
    const mailsBefore = smtp.messages.filter((m) => m.to.includes(resetEmail)).length;
    const load = await startMixedLoad(lb.url, users, { resetEmail });
    await sleep(1500);
    for (const i of [0, 1]) {
      const old = apps[i]!;
      const exitCode = new Promise<number | null>((resolve) => old.process.once('exit', (code) => resolve(code)));
      const before = load.requests.length;
      await old.stop('SIGTERM');
      assert.equal(await exitCode, 0, `instance ${i + 1} exits 0 after draining`);
      assert.ok(
        old.output.some((l) => l.includes('"event":"shutdown_done"')),
        'it logged a clean stop',
      );
      assert.ok(
        load.requests.length > before + 10,
        `the load kept flowing while it drained\nhaproxy: ${lb.output.join('')}`,
      );
      apps[i] = await startApp(db, env, ports[i]);
      await lb.waitUntilUp(['app1', 'app2']);
      await sleep(500);
    }
    await load.stop();
    const { requests } = load;
    const failed = failedRequests(requests);
    assert.ok(requests.length > 200, `a steady load: ${requests.length} requests`);
    for (const op of ['login', 'refresh', 'me', 'context', 'reset'] as const)
      assert.ok(
        requests.some((r) => r.op === op),
        `the load included ${op}`,
      );
    t.diagnostic(`${requests.length} requests through HAProxy during two rolling restarts, ${failed.length} failed`);
    assert.equal(failed.length, 0, `failed or dropped: ${summary(failed)}\nhaproxy: ${lb.output.join('')}`);

    // Every user's session survived both restarts: its latest refresh token still rotates.
    for (const [i, token] of load.refreshTokens.entries()) {
      const answer = await post(lb.url, `/api/v1/auth/${users[i]!.role}/refresh`, { refresh_token: token });
      assert.equal(answer.status, 200, `session of user ${i} survived`);
      assert.equal((await get(lb.url, `/api/v1/auth/${users[i]!.role}/me`, answer.body.access_token)).status, 200);
    }
    // Each reset step 1 mailed its code, including those answered just before an instance stopped.
    const resets = requests.filter((r) => r.op === 'reset').length;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(50)) {
      if (smtp.messages.filter((m) => m.to.includes(resetEmail)).length - mailsBefore >= resets) break;
    }
    assert.equal(
      smtp.messages.filter((m) => m.to.includes(resetEmail)).length - mailsBefore,
      resets,
      'one mail per reset request',
    );
  });

  test('SIGKILL of one instance fails only the requests in flight on it', async (t) => {
    const load = await startMixedLoad(lb.url, users, { resetEmail });
    await sleep(1500);
    const exited = new Promise<number>((resolve) => apps[0]!.process.once('exit', () => resolve(Date.now())));
    const killedAt = Date.now();
    apps[0]!.process.kill('SIGKILL');
    // The kill takes effect when the process is gone: a request sent in between reached it too.
    const exitedAt = await exited;
    await sleep(3000);
    await load.stop();
    const { requests } = load;
    const inFlightAtKill = requests.filter((r) => r.started <= exitedAt && r.ended >= killedAt);
    const failed = failedRequests(requests);
    assert.ok(requests.filter((r) => r.started > killedAt).length > 50, 'the load went on after the kill');
    for (const r of failed)
      assert.ok(
        inFlightAtKill.includes(r),
        `a request that was not in flight at the kill failed: ${JSON.stringify(r)} (killed at ${killedAt}, gone at ${exitedAt})\nhaproxy: ${lb.output.join('')}`,
      );
    assert.ok(failed.length <= inFlightAtKill.length);
    t.diagnostic(
      `${requests.length} requests; ${inFlightAtKill.length} in flight at the kill; ${failed.length} failed`,
    );
    assert.ok(
      failed.every((r) => r.status === 502 || r.status === 0),
      summary(failed),
    );
    await lb.waitUntilUp(['app2']);
  });
});

// SIGTERM: readiness turns 503 at once while the instance keeps serving for SHUTDOWN_DELAY, then it
// stops accepting, finishes the answers under way and their after-response mail, closes idle
// keep-alive connections and exits 0; a request that never completes is cut at SHUTDOWN_TIMEOUT.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { get, post } from '../support/http';

// Each test starts (and signals) an instance of its own on the suite's database.
const suite = appSuite({ smtp: true, env: { SHUTDOWN_DELAY: '0' } });
const { seed, mail: smtp } = suite;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exitOf = (app: RunningApp) =>
  new Promise<{ code: number | null; at: number }>((resolve) =>
    app.process.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
const logged = (app: RunningApp, event: string) => app.output.find((l) => l.includes(`"event":"${event}"`));

/** A GET over a keep-alive agent, leaving the connection open and idle afterwards. */
function keepAliveGet(url: string, agent: http.Agent): Promise<{ status: number; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket! }));
    });
    req.on('error', reject);
  });
}

/** A JSON POST whose body arrives in two parts: the request is under way until `finish` is called. */
function postInTwoParts(url: string, body: object) {
  const json = JSON.stringify(body);
  const half = Math.floor(json.length / 2);
  let finish!: () => void;
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.write(json.slice(0, half));
    finish = () => req.end(json.slice(half));
  });
  return { answer, finish: () => finish() };
}

test('SIGTERM drains: ready 503 at once, answers keep coming until the delay ends, in-flight work and mail finish, exit 0', async () => {
  const app = await suite.start({ SHUTDOWN_DELAY: '5s', SHUTDOWN_TIMEOUT: '20s', SMTP_URL: smtp.url });
  assert.equal((await get(app.url, '/api/v1/health/ready')).status, 200);
  assert.equal((await get(app.url, '/api/v1/health/live')).status, 200);
  const agent = new http.Agent({ keepAlive: true });
  const idle = await keepAliveGet(`${app.url}/api/v1/health/live`, agent);
  assert.equal(idle.status, 200);
  const idleClosed = new Promise<void>((resolve) => idle.socket.once('close', () => resolve()));

  const exited = exitOf(app);
  const signalled = Date.now();
  app.process.kill('SIGTERM');
  for (const deadline = Date.now() + 5000; !logged(app, 'shutdown_draining') && Date.now() < deadline;) await sleep(10);

  const ready = await get(app.url, '/api/v1/health/ready');
  assert.deepEqual([ready.status, ready.body], [503, { status: 'draining' }], 'readiness turns 503 at once');
  assert.equal((await get(app.url, '/api/v1/health')).status, 503, '/health is readiness');
  assert.equal((await get(app.url, '/api/v1/health/live')).status, 200, 'liveness stays 200 while draining');
  const during = await post(app.url, '/api/v1/auth/admin/login', {
    email: seed.admin.email,
    password: PASSWORDS.admin,
  });
  assert.equal(during.status, 200, 'still serving during the delay');
  assert.equal(during.headers.get('connection'), 'close', 'no client keeps a connection the server will drop');

  // A sign-in and a reset step 1 under way when the server stops accepting: their bodies finish after.
  const since = smtp.messages.length;
  const login = postInTwoParts(`${app.url}/api/v1/auth/vendor/login`, {
    email: seed.owner.email,
    password: PASSWORDS.owner,
  });
  const reset = postInTwoParts(`${app.url}/api/v1/auth/vendor/password-reset`, {
    email: seed.employee.email,
    vendor_type: 'employee',
  });
  for (const deadline = Date.now() + 10_000; !logged(app, 'shutdown_closing') && Date.now() < deadline;)
    await sleep(10);
  assert.ok(logged(app, 'shutdown_closing'), 'the server stopped accepting');
  await assert.rejects(fetch(`${app.url}/api/v1/health/live`), 'no new connection is accepted');
  login.finish();
  reset.finish();
  const [signedIn, resetAnswer] = await Promise.all([login.answer, reset.answer]);
  assert.equal(signedIn.status, 200, 'the sign-in under way got its answer');
  assert.equal(typeof signedIn.body.access_token, 'string');
  assert.equal(resetAnswer.status, 200);

  const { code, at } = await exited;
  assert.equal(code, 0);
  const closing = JSON.parse(logged(app, 'shutdown_closing')!) as { inFlight: number };
  assert.equal(closing.inFlight, 2, 'both requests were under way when the server stopped accepting');
  assert.ok(
    smtp.messages.slice(since).some((m) => m.to.includes(seed.employee.email)),
    "the reset step 1's mail went out before the process exited",
  );
  await idleClosed;
  assert.ok(
    at - signalled < 15_000,
    `an idle keep-alive connection did not hold the exit until SHUTDOWN_TIMEOUT (${at - signalled} ms)`,
  );
  assert.equal(logged(app, 'shutdown_timeout'), undefined);
  agent.destroy();
});

test('a request that never completes is cut at SHUTDOWN_TIMEOUT and the process still exits 0', async () => {
  const app = await suite.start({ SHUTDOWN_DELAY: '0', SHUTDOWN_TIMEOUT: '2s' });
  // A body announced as 100 bytes of which 10 arrive: the request stays in flight.
  const socket = net.connect(app.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /api/v1/auth/admin/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"email":"',
  );
  socket.on('error', () => undefined);
  await sleep(300);
  const exited = exitOf(app);
  const signalled = Date.now();
  app.process.kill('SIGTERM');
  const { code, at } = await exited;
  assert.equal(code, 0);
  assert.ok(logged(app, 'shutdown_timeout'), 'the cut is logged');
  assert.ok(at - signalled >= 2000 && at - signalled < 8000, `exited ${at - signalled} ms after SIGTERM`);
  socket.destroy();
});

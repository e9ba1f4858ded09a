// GET /metrics: hidden (404) without METRICS_TOKEN or with a wrong bearer; with it, the counters
// move by exactly the requests the test made, labelled by route template, never by raw path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { TEST_DIALECT } from '../support/databases';
import { get, post, request } from '../support/http';
import { delta, parseSamples, type Samples } from '../support/prometheus';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789';
/** The same app without METRICS_TOKEN: /metrics must not exist there. */
let hidden: RunningApp;
const app = appSuite({
  smtp: true,
  env: { METRICS_TOKEN, JWT_REFRESH_REUSE_GRACE: '1s', RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3' },
  setup: async (suite) => {
    hidden = await suite.start({ ...suite.env, METRICS_TOKEN: '' });
  },
});
const { seed, mail: smtp } = app;

async function scrape(): Promise<{ text: string; samples: Samples }> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, samples: parseSamples(text) };
}

const requests = (route: string, method: string, status: number) =>
  `http_requests_total{route="${route}",method="${method}",status="${status}"}`;
const latencyCount = (route: string, method: string, status: number) =>
  `http_request_duration_seconds_count{route="${route}",method="${method}",status="${status}"}`;

test('/metrics is 404 problem+json without METRICS_TOKEN set, without a bearer and with a wrong one', async () => {
  for (const [base, token] of [
    [hidden.url, METRICS_TOKEN],
    [app.url, undefined],
    [app.url, `${METRICS_TOKEN}x`],
    [app.url, 'short'],
  ] as const) {
    const answer = await request(base, 'GET', '/metrics', { token });
    assert.equal(answer.status, 404, `${base} ${token}`);
    assert.equal(answer.headers.get('content-type'), 'application/problem+json');
    assert.equal(answer.body.code, 'not_found');
    assert.doesNotMatch(answer.text, /http_requests_total/);
  }
});

test('counters move by exactly the requests made, by route template, role and result', async () => {
  const before = await scrape();
  const { admin, limited, owner, employee } = seed;

  const logins = await Promise.all(
    [1, 2, 3].map(() => post(app.url, '/api/v1/auth/admin/login', { email: admin.email, password: PASSWORDS.admin })),
  );
  assert.deepEqual(
    logins.map((l) => l.status),
    [200, 200, 200],
  );
  const token = logins[0]!.body.access_token as string;
  for (let i = 0; i < 4; i++) assert.equal((await get(app.url, '/api/v1/auth/admin/me', token)).status, 200);
  // Three wrong passwords reach the limit of 3; the fourth attempt is refused before any check.
  for (const status of [401, 401, 401, 429])
    assert.equal(
      (await post(app.url, '/api/v1/auth/admin/login', { email: limited.email, password: 'wrong-password' })).status,
      status,
    );
  // Ids in paths: two different ones, one template.
  for (const id of [admin.id, limited.id])
    assert.equal((await get(app.url, `/api/v1/admin/admins/${id}/sessions`, token)).status, 200);
  assert.equal((await get(app.url, '/api/v1/no/such/path')).status, 404);
  // Refresh reuse: the rotated token again after the 1 s grace.
  const pair = (await post(app.url, '/api/v1/auth/vendor/login', { email: owner.email, password: PASSWORDS.owner }))
    .body;
  assert.equal((await post(app.url, '/api/v1/auth/vendor/refresh', { refresh_token: pair.refresh_token })).status, 200);
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal((await post(app.url, '/api/v1/auth/vendor/refresh', { refresh_token: pair.refresh_token })).status, 401);
  // Two codes mailed, and a request for an unknown account that mails nothing.
  const since = smtp.messages.length;
  for (const email of [employee.email, employee.email, 'nobody@example.com']) {
    assert.equal(
      (await post(app.url, '/api/v1/auth/vendor/password-reset', { email, vendor_type: 'employee' })).status,
      200,
    );
  }
  for (const deadline = Date.now() + 10_000; smtp.messages.length - since < 2 && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 300)); // the unknown account's deferred work has finished too

  const { text, samples } = await scrape();
  const moved = (key: string) => delta(before.samples, samples, key);
  // Templates are the route table's paths: one per role, never with an id in them.
  assert.equal(moved(requests('/api/v1/auth/admin/login', 'POST', 200)), 3);
  assert.equal(moved(requests('/api/v1/auth/vendor/login', 'POST', 200)), 1);
  assert.equal(moved(requests('/api/v1/auth/admin/login', 'POST', 401)), 3);
  assert.equal(moved(requests('/api/v1/auth/admin/login', 'POST', 429)), 1);
  assert.equal(moved(latencyCount('/api/v1/auth/admin/login', 'POST', 200)), 3, 'one latency observation per request');
  assert.equal(moved(requests('/api/v1/auth/admin/me', 'GET', 200)), 4);
  assert.equal(moved(requests('/api/v1/admin/admins/{adminId}/sessions', 'GET', 200)), 2);
  assert.equal(moved(requests('unmatched', 'GET', 404)), 1);
  assert.equal(moved(requests('/api/v1/auth/vendor/refresh', 'POST', 200)), 1);
  assert.equal(moved(requests('/api/v1/auth/vendor/refresh', 'POST', 401)), 1);
  assert.equal(moved(requests('/api/v1/auth/vendor/password-reset', 'POST', 200)), 3);
  assert.equal(moved(requests('/metrics', 'GET', 200)), 1, 'the first scrape');

  assert.equal(moved('auth_sign_ins_total{role="admin",result="success"}'), 3);
  assert.equal(moved('auth_sign_ins_total{role="vendor",result="success"}'), 1);
  assert.equal(moved('auth_sign_ins_total{role="admin",result="invalid_credentials"}'), 3);
  assert.equal(moved('auth_sign_ins_total{role="admin",result="rate_limited"}'), 1);
  assert.equal(moved('auth_rate_limited_total{limit="login"}'), 1);
  assert.equal(moved('auth_refresh_token_reuse_total{role="vendor"}'), 1);
  assert.equal(moved('auth_password_reset_codes_mailed_total{role="vendor"}'), 2);

  for (const id of [admin.id, limited.id, owner.id]) assert.ok(!text.includes(id), 'no id becomes a label value');
  assert.doesNotMatch(text, /no\/such\/path/);
  for (const name of [
    'auth_bcrypt_queue_length',
    'auth_bcrypt_busy_workers',
    'process_cpu_user_seconds_total',
    'nodejs_eventloop_lag_seconds',
  ]) {
    assert.ok(samples.has(name), `${name} is exported`);
  }
  // PostgreSQL has a connection pool to watch; the embedded SQLite file has none.
  for (const name of ['auth_db_pool_in_use', 'auth_db_pool_waiting'])
    assert.equal(samples.has(name), TEST_DIALECT === 'postgresql', name);
});

// Regression: only REST answers were counted, so the pages' traffic was invisible to operators.
test("the pages' tRPC calls are counted by procedure; unknown procedures under one label", async () => {
  const before = await scrape();
  const { owner } = seed;
  assert.equal(
    (await post(app.url, '/api/trpc/vendor.login', { email: owner.email, password: PASSWORDS.owner })).status,
    200,
  );
  assert.equal(
    (await post(app.url, '/api/trpc/vendor.login', { email: owner.email, password: 'wrong-password' })).status,
    401,
  );
  // A name no metric can hold by chance (a number could: memory sizes and timings are digits).
  assert.equal((await post(app.url, '/api/trpc/no.such.procedure-qzxv', {})).status, 404);
  const { text, samples } = await scrape();
  const moved = (key: string) => delta(before.samples, samples, key);
  assert.equal(moved(requests('/api/trpc/vendor.login', 'POST', 200)), 1);
  assert.equal(moved(requests('/api/trpc/vendor.login', 'POST', 401)), 1);
  assert.equal(moved(requests('unmatched', 'POST', 404)), 1);
  assert.doesNotMatch(text, /no\.such|qzxv/);
});

test("the token routes' cache reports its entries, and a repeated me call as a hit", async () => {
  const { employee } = seed;
  const pair = (
    await post(app.url, '/api/v1/auth/vendor/login', { email: employee.email, password: PASSWORDS.employee })
  ).body;
  const before = await scrape();
  for (let i = 0; i < 2; i++)
    assert.equal((await get(app.url, '/api/v1/auth/vendor/me', pair.access_token)).status, 200);
  const { samples } = await scrape();
  const moved = (key: string) => delta(before.samples, samples, key);
  const lookups = (kind: string) =>
    moved(`auth_token_cache_hits_total{kind="${kind}"}`) + moved(`auth_token_cache_misses_total{kind="${kind}"}`);
  // Each me call reads the account and its session: two lookups of each kind, the second a hit.
  assert.equal(lookups('account'), 2);
  assert.equal(lookups('family'), 2);
  assert.ok(moved('auth_token_cache_hits_total{kind="account"}') >= 1, 'the second read of the account is a hit');
  assert.ok(moved('auth_token_cache_hits_total{kind="family"}') >= 1, 'the second read of the session is a hit');
  assert.ok((samples.get('auth_token_cache_entries') ?? 0) >= 2, 'the account and the session are kept');
});

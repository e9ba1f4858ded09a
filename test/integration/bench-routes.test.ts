// The benchmark's bare routes compare passwords with no limit: a production start refuses
// BENCH_ROUTES=1 without BENCH_SECRET, and with it a request that does not carry the secret is
// answered as any unknown path (404), so only the benchmark reaches them.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { startApp, startExpectingExit } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';

const { db } = appSuite({ instances: 0, seed: false });
const SECRET = 'bench-secret-of-the-benchmark-only-0123456789';

test('production refuses BENCH_ROUTES=1 without a BENCH_SECRET of 32 bytes, naming it', async () => {
  for (const secret of [undefined, 'short']) {
    const result = await startExpectingExit(db, { NODE_ENV: 'production', BENCH_ROUTES: '1', BENCH_SECRET: secret });
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /Cannot start: BENCH_ROUTES=1 needs BENCH_SECRET/);
  }
});

test('with BENCH_SECRET the bench routes answer only a request carrying it; any other is 404 like an unknown path', async () => {
  const app = await startApp(db, { BENCH_ROUTES: '1', BENCH_SECRET: SECRET });
  after(() => app.stop());
  const password = { password: 'anything' };
  for (const authorization of [undefined, 'Bearer wrong', `Bearer ${SECRET}x`, SECRET]) {
    const headers = authorization ? { authorization } : undefined;
    const compare = await request(app.url, 'POST', '/api/v1/bench/compare', { json: password, headers });
    const noop = await request(app.url, 'GET', '/api/v1/bench/noop', { headers });
    for (const answer of [compare, noop]) {
      assert.equal(answer.status, 404, `${authorization}: ${answer.text}`);
      assert.equal(answer.body.code, 'not_found');
    }
  }
  const bench = { authorization: `Bearer ${SECRET}` };
  assert.deepEqual((await request(app.url, 'POST', '/api/v1/bench/compare', { json: password, headers: bench })).body, {
    ok: true,
  });
  assert.deepEqual((await request(app.url, 'GET', '/api/v1/bench/noop', { headers: bench })).body, { ok: true });
  const flood = await request(app.url, 'POST', '/api/v1/bench/compare', {
    json: { password: 'x'.repeat(4096) },
    headers: bench,
  });
  assert.equal(flood.status, 413, "even the benchmark's body is capped");
});

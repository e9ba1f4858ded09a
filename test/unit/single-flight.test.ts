// singleFlight: concurrent callers share one run; the next call after it settles starts another.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { singleFlight } from '@/client/refresh-coordinator';

test('concurrent calls share one run, later calls start a new one', async () => {
  let runs = 0;
  const refresh = singleFlight(async () => {
    runs += 1;
    await new Promise((r) => setTimeout(r, 20));
    return runs;
  });
  const results = await Promise.all(Array.from({ length: 25 }, () => refresh()));
  assert.deepEqual(new Set(results), new Set([1]));
  assert.equal(runs, 1);
  assert.equal(await refresh(), 2);
});

test('a failed run rejects every waiter and does not stick', async () => {
  let fail = true;
  const refresh = singleFlight(async () => {
    if (fail) throw new Error('refresh failed');
    return 'ok';
  });
  const outcomes = await Promise.allSettled([refresh(), refresh()]);
  assert.deepEqual(
    outcomes.map((o) => o.status),
    ['rejected', 'rejected'],
  );
  fail = false;
  assert.equal(await refresh(), 'ok');
});

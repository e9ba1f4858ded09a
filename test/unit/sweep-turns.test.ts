// The sweeper's passes take turns: one batch of each pass a round, the oldest rows first, so that
// no read of one pass meets the whole backlog another pass has just deleted (decision 0024).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sweepInTurns, type SweptModel } from '@/server/db/sweep-batches';

interface Row {
  id: number;
  expiresAt: number;
}

/** A table in memory that answers the sweep's reads and deletes as the database would, and logs them. */
function table(name: string, rows: Row[], log: string[], cascade?: (ids: Set<number>) => void): SweptModel & { rows: Row[] } {
  const state = { rows: [...rows] };
  return {
    get rows() {
      return state.rows;
    },
    findMany: ({ where, orderBy, take }) => {
      const { expiresAt } = where as { expiresAt: { lt: number } };
      assert.deepEqual(orderBy, { expiresAt: 'asc' }, 'read in the order of the condition column');
      const found = state.rows.filter((row) => row.expiresAt < expiresAt.lt).sort((a, b) => a.expiresAt - b.expiresAt).slice(0, take);
      log.push(`${name}:${found.length}`);
      return Promise.resolve(found.map((row) => ({ id: row.id, expiresAt: row.expiresAt })));
    },
    deleteMany: ({ where }) => {
      const ids = new Set((where as { id: { in: number[] } }).id.in);
      const before = state.rows.length;
      state.rows = state.rows.filter((row) => !ids.has(row.id));
      cascade?.(ids);
      return Promise.resolve({ count: before - state.rows.length });
    },
  };
}

const rowsOf = (count: number, expiresAt: (n: number) => number) => Array.from({ length: count }, (_, n) => ({ id: n, expiresAt: expiresAt(n) }));

test('every pass gets one batch a round, oldest rows first, until each has none left', async () => {
  const log: string[] = [];
  // Families expire in reverse order of their keys, as rows whose oldest have the highest keys do.
  const families = table('families', rowsOf(1200, (n) => 5000 - n), log);
  const tokens = table('tokens', rowsOf(700, (n) => n), log);
  const removed = await sweepInTurns([
    { model: families, key: 'id', column: 'expiresAt', before: 4801 },
    { model: tokens, key: 'id', column: 'expiresAt', before: 10_000 },
  ]);
  assert.deepEqual(removed, [1000, 700], 'each pass answers its own count');
  assert.deepEqual(log, ['families:500', 'tokens:500', 'families:500', 'tokens:200', 'families:0'], 'the passes alternate; a short or empty batch ends a pass');
  assert.deepEqual(
    families.rows.map((row) => row.expiresAt).sort((a, b) => a - b),
    rowsOf(200, (n) => 4801 + n).map((row) => row.expiresAt),
    'the rows not yet expired stay',
  );
  assert.equal(tokens.rows.length, 0);
});

test('a pass behind the previous one reads only below where that pass has reached, until it is done', async () => {
  const log: string[] = [];
  // A thousand expired families with one token each (same id), and fifty expired tokens of live families.
  const tokens = table('tokens', [...rowsOf(1000, (n) => n), ...rowsOf(50, (n) => 700 + n).map((row) => ({ ...row, id: 5000 + row.id }))], log);
  const families = table('families', [...rowsOf(1000, (n) => n), ...rowsOf(50, () => 3000).map((row) => ({ ...row, id: 2000 + row.id }))], log, (ids) => {
    tokens.rows.splice(0, tokens.rows.length, ...tokens.rows.filter((row) => !ids.has(row.id)));
  });
  const removed = await sweepInTurns([
    { model: families, key: 'id', column: 'expiresAt', before: 1500 },
    { model: tokens, key: 'id', column: 'expiresAt', before: 1500, behindPrevious: true },
  ]);
  assert.deepEqual(removed, [1000, 50], 'the token pass removed only the tokens of live families; the rest went with their families');
  assert.deepEqual(log, ['families:500', 'tokens:0', 'families:500', 'tokens:50', 'families:0', 'tokens:0']);
  assert.deepEqual(tokens.rows, []);
});

test('a pass with nothing expired reads once and rests not at all', async () => {
  const log: string[] = [];
  const started = performance.now();
  assert.deepEqual(await sweepInTurns([{ model: table('codes', rowsOf(3, (n) => 100 + n), log), key: 'id', column: 'expiresAt', before: 50 }]), [0]);
  assert.deepEqual(log, ['codes:0']);
  assert.ok(performance.now() - started < 1000);
});

// The sweeper's passes take turns: one batch of each pass a round, the oldest rows first, so that
// no read of one pass meets the whole backlog another pass has just deleted; each pass's batches
// grow or shrink with the time their statements take (decision 0024).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextBatchSize, sweepInTurns, type SweptModel } from '@/server/db/sweep-batches';

interface Row {
  id: number;
  expiresAt: number;
}

/** A table in memory that answers the sweep's reads and deletes as the database would, and logs them. */
function table(
  name: string,
  rows: Row[],
  log: string[],
  cascade?: (ids: Set<number>) => void,
): SweptModel & { rows: Row[]; deleted: number[]; froms: (number | undefined)[] } {
  const state = { rows: [...rows], deleted: [] as number[], froms: [] as (number | undefined)[] };
  return {
    get rows() {
      return state.rows;
    },
    deleted: state.deleted,
    froms: state.froms,
    findMany: ({ where, orderBy, take }) => {
      const { expiresAt } = where as { expiresAt: { gte?: number; lt: number } };
      assert.deepEqual(orderBy, { expiresAt: 'asc' }, 'read in the order of the condition column');
      state.froms.push(expiresAt.gte);
      const found = state.rows
        .filter((row) => row.expiresAt >= (expiresAt.gte ?? -Infinity) && row.expiresAt < expiresAt.lt)
        .sort((a, b) => a.expiresAt - b.expiresAt)
        .slice(0, take);
      log.push(`${name}:${found.length}/${take}`);
      return Promise.resolve(found.map((row) => ({ id: row.id, expiresAt: row.expiresAt })));
    },
    deleteMany: ({ where }) => {
      const ids = new Set((where as { id: { in: number[] } }).id.in);
      state.deleted.push(...ids);
      const before = state.rows.length;
      state.rows = state.rows.filter((row) => !ids.has(row.id));
      cascade?.(ids);
      return Promise.resolve({ count: before - state.rows.length });
    },
  };
}

const rowsOf = (count: number, expiresAt: (n: number) => number) =>
  Array.from({ length: count }, (_, n) => ({ id: n, expiresAt: expiresAt(n) }));

test('every pass gets one batch a round, oldest rows first, until each has none left', async () => {
  const log: string[] = [];
  // Families expire in reverse order of their keys, as rows whose oldest have the highest keys do.
  const families = table(
    'families',
    rowsOf(1200, (n) => 5000 - n),
    log,
  );
  const tokens = table(
    'tokens',
    rowsOf(700, (n) => n),
    log,
  );
  const removed = await sweepInTurns([
    { model: families, key: 'id', column: 'expiresAt', before: 4801 },
    { model: tokens, key: 'id', column: 'expiresAt', before: 10_000 },
  ]);
  assert.deepEqual(removed, [1000, 700], 'each pass answers its own count');
  const reads = log.map((entry) => entry.split(/[:/]/));
  const whose = reads.map(([name]) => name);
  assert.deepEqual(
    whose.slice(0, 6),
    ['families', 'tokens', 'families', 'tokens', 'families', 'tokens'],
    `the passes alternate: ${log.join(' ')}`,
  );
  assert.deepEqual(
    reads.slice(0, 2).map(([, , size]) => size),
    ['10', '10'],
    'each starts with the smallest batch',
  );
  assert.ok(
    reads.every(([, , size]) => Number(size) <= 500),
    `no batch over 500: ${log.join(' ')}`,
  );
  assert.ok(
    reads.every(([, found, size], at) => found === size || !whose.slice(at + 1).includes(whose[at])),
    `a short batch ends its pass: ${log.join(' ')}`,
  );
  // Each read after a pass's first starts where its last batch ended (its first batch: 10 rows), not at the index's
  // start.
  const startsAfterFirstBatch = (froms: (number | undefined)[], firstBatchEnd: number) =>
    froms[0] === undefined &&
    froms[1] === firstBatchEnd &&
    froms.slice(2).every((from, at) => from !== undefined && from >= froms[at + 1]!);
  assert.ok(startsAfterFirstBatch(tokens.froms, 9), `the token reads start at: ${tokens.froms.join(', ')}`);
  assert.ok(startsAfterFirstBatch(families.froms, 3810), `the family reads start at: ${families.froms.join(', ')}`);
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
  const tokens = table(
    'tokens',
    [...rowsOf(1000, (n) => n), ...rowsOf(50, (n) => 700 + n).map((row) => ({ ...row, id: 5000 + row.id }))],
    log,
  );
  const families = table(
    'families',
    [...rowsOf(1000, (n) => n), ...rowsOf(50, () => 3000).map((row) => ({ ...row, id: 2000 + row.id }))],
    log,
    (ids) => {
      tokens.rows.splice(0, tokens.rows.length, ...tokens.rows.filter((row) => !ids.has(row.id)));
    },
  );
  const removed = await sweepInTurns([
    { model: families, key: 'id', column: 'expiresAt', before: 1500 },
    { model: tokens, key: 'id', column: 'expiresAt', before: 1500, behindPrevious: true },
  ]);
  assert.deepEqual(
    removed,
    [1000, 50],
    'the token pass removed only the tokens of live families; the rest went with their families',
  );
  assert.deepEqual(
    tokens.deleted.sort((a, b) => a - b),
    rowsOf(50, (n) => n).map((row) => 5000 + row.id),
    `the token pass never deleted a family's token: ${log.join(' ')}`,
  );
  assert.deepEqual(tokens.rows, []);
});

test('a batch grows while its statements are quick and shrinks toward 25 ms when they are not', () => {
  assert.equal(nextBatchSize(100, 5), 200, 'at most doubling');
  assert.equal(nextBatchSize(400, 10), 500, 'at most 500');
  assert.equal(nextBatchSize(500, 125), 100, 'a statement of 125 ms: a fifth');
  assert.equal(nextBatchSize(200, 40), 125);
  assert.equal(nextBatchSize(20, 5000), 10, 'at least 10');
  assert.equal(nextBatchSize(300, 0), 500, 'an instant statement counts as 1 ms');
});

test('a pass with nothing expired reads once and rests not at all', async () => {
  const log: string[] = [];
  const started = performance.now();
  assert.deepEqual(
    await sweepInTurns([
      {
        model: table(
          'codes',
          rowsOf(3, (n) => 100 + n),
          log,
        ),
        key: 'id',
        column: 'expiresAt',
        before: 50,
      },
    ]),
    [0],
  );
  assert.deepEqual(log, ['codes:0/10']);
  assert.ok(performance.now() - started < 1000);
});

test('after each batch that deleted rows the sweeper rests four times as long as the batch took', async () => {
  const log: string[] = [];
  const codes = table(
    'codes',
    rowsOf(250, (n) => n),
    log,
  );
  // Deletes take 10 ms or more: a first batch of 10, then batches sized by how long that took.
  const times: { read: number; deleted?: number }[] = [];
  const timed: SweptModel = {
    findMany: (args) => (times.push({ read: performance.now() }), codes.findMany(args)),
    deleteMany: async (args) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      times.at(-1)!.deleted = performance.now();
      return codes.deleteMany(args);
    },
  };
  assert.deepEqual(await sweepInTurns([{ model: timed, key: 'id', column: 'expiresAt', before: 1000 }]), [250]);
  assert.equal(log[0], 'codes:10/10');
  assert.ok(log.length >= 2, log.join(' '));
  const [first, second] = times;
  const batch = first!.deleted! - first!.read;
  const rest = second!.read - first!.deleted!;
  // Timers count whole milliseconds from the event loop's clock, which can lag the real one by a
  // millisecond or so (a rest of 19.4 ms was seen after a batch of 10.3); one rest is still far off.
  assert.ok(rest >= 4 * batch - 2.5, `a batch of ${batch.toFixed(1)} ms, then a rest of ${rest.toFixed(1)} ms`);
});

// How the sweeper removes rows: a batch of the oldest of them at a time, read by the index of the
// column that makes them expired, in its order, and deleted by primary key and that condition. A batch that named only
// its condition went out ordered by the primary key (Prisma's order for `take`), and at a million
// customers PostgreSQL walked that key from its start past every row the earlier batches had
// removed, 0.4-1.5 s a batch and growing. After each batch it rests four times as long as the
// batch took, so a large backlog takes at most a fifth of the database's time from the requests it
// serves meanwhile (a pass that ran batch after batch took sign-ins down to 0.6 of their rate;
// resting as long as each batch took still raised SQLite sign-ins' p99 1.6-1.8 times, and twice as
// long took SQLite sign-ins to 0.76-0.84 of their rate and their p99 up to 1.6 times). Each pass's batch size
// follows the time its statements take, toward STATEMENT_TARGET_MS, as pt-online-schema-change's
// chunks do: a row costs a code's pass little and a family's much more (its tokens go with it).
// The target is short because on SQLite every statement holds the one write lock that each
// sign-in waits for (and, in the app's own process, its event loop); batches of 500 families took
// up to 0.54 s a statement on a slow machine.
//
// The passes take turns, one batch each a round, rather than one pass after another: a pass deletes
// rows that another pass's index still lists (an expired family's tokens, by cascade) and those
// entries stay in the index until a vacuum. The first read of a pass that came after another's
// whole backlog walked past all of them at once (300,000 tokens: 2.0 s for one statement); taking
// turns, each read meets only the few a round leaves. A pass whose rows the previous pass deletes
// with its own stays behind it: the token pass once raced ahead, deleting the tokens of families
// the next round deleted anyway, and each family's cascade then met its token's dead entry (0.3-0.5
// s a batch, and the pass took 1.7 times as long).
//
// Each batch reads from the value its pass's last batch reached, not from the index's start: the
// entries of the rows a pass has deleted stay in the index until a vacuum, and a read from the
// start walked all of them again, longer each batch (reads of 0.65 s late in a family pass of
// 300,000). Decision 0024.
//
// A pass starts with the smallest batch and grows from there: its first statements meet a cold cache
// (a pass's rows are old, rarely read), and at a million customers a first batch of 100 families,
// whose tokens go with them from all over their table, took 355 ms.

/** Rows in a pass's first batch, and the bounds of its later ones. */
const BATCH = { first: 10, least: 10, most: 500 };
/** What one statement of a batch should take. */
const STATEMENT_TARGET_MS = 25;
/** After each batch the sweeper rests this many times as long as the batch took. */
const REST_PER_WORK = 4;

/**
 * The size of a pass's next batch after one of `size` rows whose slowest statement took `tookMs`: toward the target, at
 * most doubling.
 */
export function nextBatchSize(size: number, tookMs: number): number {
  const scaled = Math.floor(size * Math.min(2, STATEMENT_TARGET_MS / Math.max(tookMs, 1)));
  return Math.min(BATCH.most, Math.max(BATCH.least, scaled));
}

/** A value of a swept column: a time, or a sequence number (the revocation feed's). */
type Bound = Date | number;
const lower = (a: Bound, b: Bound) => (a < b ? a : b);

/** The part of a Prisma model delegate a sweep needs. */
export interface SweptModel {
  findMany(args: {
    where: object;
    select: Record<string, true>;
    orderBy: object;
    take: number;
  }): Promise<Record<string, unknown>[]>;
  deleteMany(args: { where: object }): Promise<{ count: number }>;
}

/** The rows of `model` whose `column` is below `before` (and that match `also`), known by `key`. */
export interface SweptRows {
  model: SweptModel;
  /** The primary key: its column, or the columns of a composite one. */
  key: string | readonly string[];
  column: string;
  before: Bound;
  also?: object;
  /**
   * Reads only rows below the `column` value the previous pass has reached, until that pass is
   * done: the previous pass deletes most of these rows with its own (both columns hold the same
   * kind of value).
   */
  behindPrevious?: true;
}

/** Runs `statement`, and answers it with the milliseconds it took. */
async function timed<T>(statement: () => Promise<T>): Promise<[T, number]> {
  const startedAt = performance.now();
  const result = await statement();
  return [result, performance.now() - startedAt];
}

/** The condition naming `rows` by their key: its values, or each row's columns of a composite one. */
function named(keys: readonly string[], rows: Record<string, unknown>[]): object {
  if (keys.length === 1) return { [keys[0]!]: { in: rows.map((row) => row[keys[0]!]) } };
  return { OR: rows.map((row) => Object.fromEntries(keys.map((name) => [name, row[name]]))) };
}

/**
 * One batch of at most `size` rows from `from` (the `column` value the pass's last batch reached)
 * to below `before`: how many went, whether a full batch was found (more may follow), the `column`
 * value of the last row read, and its slowest statement's time.
 */
async function sweepBatch(
  { model, key, column, also }: SweptRows,
  from: Bound | undefined,
  before: Bound,
  size: number,
) {
  const range = from === undefined ? { lt: before } : { gte: from, lt: before };
  const keys = typeof key === 'string' ? [key] : key;
  const [found, readMs] = await timed(() =>
    model.findMany({
      where: { ...also, [column]: range },
      select: { ...Object.fromEntries(keys.map((name) => [name, true] as const)), [column]: true },
      orderBy: { [column]: 'asc' },
      take: size,
    }),
  );
  if (found.length === 0) return { removed: 0, full: false, reached: undefined, tookMs: readMs };
  const [{ count }, deleteMs] = await timed(() =>
    // The condition again: a row changed since the read (a webhook message resent) stays, and a key
    // that names rows of several kinds (the authorization server's ids) deletes only expired ones.
    model.deleteMany({ where: { ...also, [column]: { lt: before }, ...named(keys, found) } }),
  );
  return {
    removed: count,
    full: found.length === size,
    reached: found.at(-1)![column] as Bound,
    tookMs: Math.max(readMs, deleteMs),
  };
}

/** Deletes the rows of every pass, a batch of each in turn, until none is left; answers how many went, pass by pass. */
export async function sweepInTurns(passes: readonly SweptRows[]): Promise<number[]> {
  const removed = passes.map(() => 0);
  const reached: (Bound | undefined)[] = passes.map(() => undefined);
  const done = passes.map(() => false);
  const sizes = passes.map(() => BATCH.first);
  while (done.includes(false)) {
    for (const [index, pass] of passes.entries()) {
      if (done[index]) continue;
      const startedAt = performance.now();
      // Behind a previous pass still going (which has read a full batch, so has reached a value).
      const leader = pass.behindPrevious && !done[index - 1] ? reached[index - 1] : undefined;
      const batch = await sweepBatch(
        pass,
        reached[index],
        leader === undefined ? pass.before : lower(pass.before, leader),
        sizes[index]!,
      );
      sizes[index] = nextBatchSize(sizes[index]!, batch.tookMs);
      removed[index]! += batch.removed;
      reached[index] = batch.reached ?? reached[index];
      done[index] = !batch.full && leader === undefined;
      // A batch that deleted nothing took the database no time worth giving back.
      if (batch.removed > 0 && done.includes(false))
        await new Promise((resolve) => setTimeout(resolve, REST_PER_WORK * (performance.now() - startedAt)));
    }
  }
  return removed;
}

/** Deletes the rows in batches until none is left; answers how many went. */
export async function sweepInBatches(rows: SweptRows): Promise<number> {
  const [removed] = await sweepInTurns([rows]);
  return removed!;
}

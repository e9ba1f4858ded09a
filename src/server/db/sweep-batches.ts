// How the sweeper removes rows: the BATCH oldest of them a round, read by the index of the column
// that makes them expired, in its order, and deleted by primary key. A batch that named only its
// condition went out ordered by the primary key (Prisma's order for `take`), and at a million
// customers PostgreSQL walked that key from its start past every row the earlier batches had
// removed, 0.4-1.5 s a batch and growing. After each batch it rests as long as the batch took, so a
// large backlog takes at most half of the database's time from the requests it serves meanwhile (a
// pass that ran batch after batch took sign-ins down to 0.6 of their rate). Decision 0024.

const BATCH = 500;

/** The part of a Prisma model delegate a sweep needs. */
export interface SweptModel {
  findMany(args: { where: object; select: Record<string, true>; orderBy: object; take: number }): Promise<Record<string, unknown>[]>;
  deleteMany(args: { where: object }): Promise<{ count: number }>;
}

/** The rows of `model` whose `column` is below `before` (and that match `also`), known by `key`. */
export interface SweptRows {
  model: SweptModel;
  key: string;
  column: string;
  before: Date | number;
  also?: object;
}

/** Deletes the rows in batches until none is left; answers how many went. */
export async function sweepInBatches({ model, key, column, before, also }: SweptRows): Promise<number> {
  let total = 0;
  for (;;) {
    const startedAt = performance.now();
    const rows = await model.findMany({ where: { ...also, [column]: { lt: before } }, select: { [key]: true }, orderBy: { [column]: 'asc' }, take: BATCH });
    if (rows.length === 0) return total;
    total += (await model.deleteMany({ where: { [key]: { in: rows.map((row) => row[key]) } } })).count;
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, performance.now() - startedAt)));
  }
}

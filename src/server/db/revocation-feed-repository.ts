// The revocation feed in Prisma (the core's RevocationFeedStore): positions are change-counter
// versions, entries are written by recordAuthChange; the sweeper removes entries past their
// retention and remembers the highest position it removed.
import type { RevocationEntry, RevocationFeedStore, RevocationKind } from '@/core/revocation-ports';
import { readAuthChangeVersion } from './auth-changes';
import type { PrismaClient } from './prisma';
import { sweepInBatches } from './sweep-batches';

const entrySelect = { seq: true, kind: true, subject: true, at: true } as const;
const entryOf = (row: { seq: number; kind: string; subject: string; at: Date }): RevocationEntry => ({
  ...row,
  kind: row.kind as RevocationKind,
});

export function createRevocationFeedRepository(prisma: PrismaClient): RevocationFeedStore {
  return {
    version: () => readAuthChangeVersion(prisma),

    async sweptThrough() {
      const feed = await prisma.revocationFeed.findUnique({ where: { id: 1 }, select: { sweptThrough: true } });
      return feed?.sweptThrough ?? 0;
    },

    async entries(after, through, limit) {
      const where = { seq: { gt: after, lte: through } };
      const rows = await prisma.revocation.findMany({
        where,
        select: entrySelect,
        orderBy: [{ seq: 'asc' }, { id: 'asc' }],
        take: limit,
      });
      if (rows.length < limit) return rows.map(entryOf);
      // A full page may end inside one position: the rest of that position comes along, so the
      // next page can start after it.
      const last = rows[rows.length - 1]!.seq;
      const rest = await prisma.revocation.findMany({
        where: { seq: last },
        select: entrySelect,
        orderBy: { id: 'asc' },
      });
      return [...rows.filter((row) => row.seq < last), ...rest].map(entryOf);
    },
  };
}

/**
 * Removes the entries revoked before `cutoff`, and with them every entry at or below the highest
 * position removed, recording that position: a cursor below it has missed entries (410).
 */
export async function sweepRevocations(prisma: PrismaClient, cutoff: Date): Promise<number> {
  const newest = await prisma.revocation.aggregate({ where: { at: { lt: cutoff } }, _max: { seq: true } });
  const through = newest._max.seq;
  if (through === null) return 0;
  // Raised before anything is removed (never lowered): a reader that finds an entry gone finds the mark raised.
  await prisma.$executeRaw`INSERT INTO "RevocationFeed" ("id", "sweptThrough") VALUES (1, ${through})
    ON CONFLICT ("id") DO UPDATE SET "sweptThrough" = excluded."sweptThrough" WHERE "RevocationFeed"."sweptThrough" < excluded."sweptThrough"`;
  return sweepInBatches({ model: prisma.revocation, key: 'id', column: 'seq', before: through + 1 });
}

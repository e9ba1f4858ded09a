// Rate-limit counters in the database, shared by every instance: the core's CounterStore.
import { Prisma, type PrismaClient } from '@/generated/prisma/postgresql/client';
import type { CounterStore } from '@/core/rate-limits';

/**
 * Every counter of `keys` (distinct) moved by `by` in one statement, the same on SQLite and PostgreSQL: a
 * login's three limits cost one round trip (one commit) instead of three. The upsert is atomic per
 * row, so concurrent callers never lose a count; keys go in one order, so two statements that lock
 * the same rows on PostgreSQL take them in the same order and cannot deadlock.
 */
async function addEach(prisma: PrismaClient, keys: string[], by: number, expiresAt: Date): Promise<number[]> {
  const sorted = [...keys].sort();
  const rows = await prisma.$queryRaw<
    { key: string; count: number | bigint }[]
  >`INSERT INTO "RateLimitCounter" ("key", "count", "expiresAt")
    VALUES ${Prisma.join(sorted.map((key) => Prisma.sql`(${key}, ${by}, ${expiresAt})`))}
    ON CONFLICT ("key") DO UPDATE SET "count" = "RateLimitCounter"."count" + excluded."count"
    RETURNING "key", "count"`;
  const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
  return keys.map((key) => counts.get(key)!);
}

export function createCounterStore(prisma: PrismaClient): CounterStore {
  return {
    add: async (key, by, expiresAt) => (await addEach(prisma, [key], by, expiresAt))[0]!,
    addEach: (keys, by, expiresAt) => addEach(prisma, keys, by, expiresAt),
  };
}

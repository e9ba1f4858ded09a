// The change counter that revocations and profile changes move on, inside their own transaction:
// every instance (and the operator CLI) learns from it that answers kept in memory are stale.
import type { PrismaClient } from './prisma';

type Tx = Pick<PrismaClient, '$queryRaw'>;

/** Told the version a local transaction wrote, before it commits (see auth-change-feed.ts). */
type LocalChangeListener = (version: number) => void;
const listeners = new Set<LocalChangeListener>();

/** Registers an instance's cache for the changes made in this process; returns the unsubscribe. */
export function onLocalAuthChange(listener: LocalChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Moves the counter on. Call it in the transaction of the change (one statement, both dialects;
 * on PostgreSQL a trigger announces the new version on commit).
 */
export async function recordAuthChange(tx: Tx): Promise<void> {
  const rows = await tx.$queryRaw<{ version: number | bigint }[]>`INSERT INTO "AuthChange" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "AuthChange"."version" + 1 RETURNING "version"`;
  const version = Number(rows[0]?.version ?? 0);
  for (const listener of listeners) listener(version);
}

/** The committed version; 0 before the first change. */
export async function readAuthChangeVersion(prisma: Tx): Promise<number> {
  const rows = await prisma.$queryRaw<{ version: number | bigint }[]>`SELECT "version" FROM "AuthChange" WHERE "id" = 1`;
  return Number(rows[0]?.version ?? 0);
}

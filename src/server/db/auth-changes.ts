// The change counter that revocations and profile changes move on, inside their own transaction:
// every instance (and the operator CLI) learns from it that answers kept in memory are stale. The
// revocations of that transaction become entries of the revocation feed at the version it wrote.
import type { RevocationKind } from '@/core/revocation-ports';
import type { PrismaClient } from './prisma';

type Tx = Pick<PrismaClient, '$queryRaw' | 'revocation'>;

/** What a transaction ended: a session (its sid), every token of an account, or a terminal's PIN sessions. */
export interface Revoked {
  kind: RevocationKind;
  subject: string;
}

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
 * on PostgreSQL a trigger announces the new version on commit). `revoked` become feed entries at
 * the version written: the counter row stays locked until this transaction commits, so no later
 * version commits before it, and every entry at or below a committed version is visible once that
 * version is (docs/decisions/0019-introspection-and-revocation-feed.md).
 */
export async function recordAuthChange(tx: Tx, revoked: readonly Revoked[] = [], at = new Date()): Promise<void> {
  const rows = await tx.$queryRaw<
    { version: number | bigint }[]
  >`INSERT INTO "AuthChange" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "AuthChange"."version" + 1 RETURNING "version"`;
  const version = Number(rows[0]?.version ?? 0);
  if (revoked.length > 0)
    await tx.revocation.createMany({ data: revoked.map(({ kind, subject }) => ({ seq: version, kind, subject, at })) });
  for (const listener of listeners) listener(version);
}

/** The committed version; 0 before the first change. */
export async function readAuthChangeVersion(prisma: Tx): Promise<number> {
  const rows = await prisma.$queryRaw<
    { version: number | bigint }[]
  >`SELECT "version" FROM "AuthChange" WHERE "id" = 1`;
  return Number(rows[0]?.version ?? 0);
}

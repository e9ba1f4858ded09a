// A change and its audit event in one transaction, or neither when the change finds its row gone.
import type { AuditEntry } from '@/core/audit-ports';
import { auditIn } from './audit-repository';
import type { PrismaClient } from './prisma';

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Rolls a change back when its row is gone, so no audit event says it happened. */
class Gone extends Error {}

/** Runs `work`; a null from it (the row is gone) rolls back and answers null, with no audit event. */
export function auditedChange(prisma: PrismaClient) {
  return <T>(now: Date, audit: AuditEntry, work: (tx: Tx) => Promise<T | null>): Promise<T | null> =>
    prisma
      .$transaction(async (tx) => {
        const result = await work(tx);
        if (result === null) throw new Gone();
        await auditIn(tx, audit, now);
        return result;
      })
      .catch((error: unknown) => {
        if (error instanceof Gone) return null;
        throw error;
      });
}

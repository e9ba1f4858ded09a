// Transactions whose checks must hold against concurrent ones: serializable, retried when
// PostgreSQL aborts one for a conflict. SQLite transactions are serializable already (one writer).
import type { PrismaClient } from './prisma';

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

// Prisma reports a serialization failure as P2034 during the transaction, but at COMMIT the
// driver adapter's own error surfaces with the kind TransactionWriteConflict (SQLSTATE 40001), and
// in a raw statement (the change counter's) as P2010 carrying the adapter's error in `meta`.
function isWriteConflict(error: unknown): boolean {
  const e = error as {
    code?: unknown;
    cause?: { kind?: unknown };
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  } | null;
  const kind = e?.cause?.kind ?? e?.meta?.driverAdapterError?.cause?.kind;
  return e?.code === 'P2034' || kind === 'TransactionWriteConflict';
}

const SERIALIZABLE_ATTEMPTS = 10;

/**
 * A serializable transaction, retried when PostgreSQL aborts it for a conflicting concurrent one:
 * two admins demoting the last two super_admins at once, or a customer removing its last two ways
 * to sign in at once, must not both succeed. Every change moves the one change counter, so
 * concurrent changes always conflict: each retry waits a random pause that grows with the attempt
 * (5 immediate retries left 500s for 10 changes at once).
 */
export async function serializable<T>(prisma: PrismaClient, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prisma.$transaction(work, { isolationLevel: 'Serializable' });
    } catch (error) {
      if (!isWriteConflict(error) || attempt >= SERIALIZABLE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

// Deletes expired rows (limit counters, reset codes and grants, refresh tokens and families) in
// small batches, so a large backlog never holds a write lock long enough to stall requests.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { Clock, Logger } from '@/core/ports';

const BATCH = 500;
/** Revoked families stay a day for the audit trail of reuse detection, then go. */
const REVOKED_RETENTION_MS = 24 * 3600 * 1000;

type Sweep = (now: Date) => Promise<number>;

/** Deletes up to BATCH rows a round by primary key until `findKeys` finds none. */
async function inBatches(findKeys: () => Promise<string[]>, remove: (keys: string[]) => Promise<{ count: number }>): Promise<number> {
  let total = 0;
  for (;;) {
    const keys = await findKeys();
    if (keys.length === 0) return total;
    total += (await remove(keys)).count;
    await new Promise((resolve) => setImmediate(resolve)); // let waiting requests in between batches
  }
}

export function createSweeper(prisma: PrismaClient, clock: Clock, logger: Logger) {
  const sweeps: Record<string, Sweep> = {
    rateLimitCounters: (now) =>
      inBatches(
        async () => (await prisma.rateLimitCounter.findMany({ where: { expiresAt: { lt: now } }, select: { key: true }, take: BATCH })).map((r) => r.key),
        (keys) => prisma.rateLimitCounter.deleteMany({ where: { key: { in: keys } } }),
      ),
    resetCodes: (now) =>
      inBatches(
        async () => (await prisma.passwordResetCode.findMany({ where: { expiresAt: { lt: now } }, select: { id: true }, take: BATCH })).map((r) => r.id),
        (ids) => prisma.passwordResetCode.deleteMany({ where: { id: { in: ids } } }),
      ),
    resetGrants: (now) =>
      inBatches(
        async () => (await prisma.passwordResetGrant.findMany({ where: { expiresAt: { lt: now } }, select: { jti: true }, take: BATCH })).map((r) => r.jti),
        (jtis) => prisma.passwordResetGrant.deleteMany({ where: { jti: { in: jtis } } }),
      ),
    // An expired refresh token fails verification anyway; used ones that are still unexpired stay,
    // because presenting one again must still be recognised as reuse.
    refreshTokens: (now) =>
      inBatches(
        async () => (await prisma.refreshToken.findMany({ where: { expiresAt: { lt: now } }, select: { jti: true }, take: BATCH })).map((r) => r.jti),
        (jtis) => prisma.refreshToken.deleteMany({ where: { jti: { in: jtis } } }),
      ),
    refreshFamilies: (now) =>
      inBatches(
        async () =>
          (
            await prisma.refreshFamily.findMany({
              where: { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: new Date(now.getTime() - REVOKED_RETENTION_MS) } }] },
              select: { id: true },
              take: BATCH,
            })
          ).map((r) => r.id),
        (ids) => prisma.refreshFamily.deleteMany({ where: { id: { in: ids } } }),
      ),
  };

  async function sweepOnce(): Promise<Record<string, number>> {
    const now = clock.now();
    const removed: Record<string, number> = {};
    for (const [name, sweep] of Object.entries(sweeps)) removed[name] = await sweep(now);
    return removed;
  }

  /** Sweeps every `intervalSeconds` (and once soon after start); the timer never keeps the process up. */
  function start(intervalSeconds: number): () => void {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const removed = await sweepOnce();
        if (Object.values(removed).some((n) => n > 0)) logger.info({ event: 'expired_rows_removed', removed }, 'expired rows removed');
      } catch (error) {
        logger.warn({ event: 'sweep_failed', err: error instanceof Error ? error.message : String(error) }, 'removing expired rows failed; will retry');
      } finally {
        running = false;
      }
    };
    const first = setTimeout(tick, Math.min(5, intervalSeconds) * 1000);
    const timer = setInterval(tick, intervalSeconds * 1000);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  return { sweepOnce, start };
}

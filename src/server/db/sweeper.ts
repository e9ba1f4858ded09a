// Deletes expired rows (limit counters, reset codes and grants, refresh tokens and families, audit
// events past their retention, customer registrations never confirmed, webhook messages settled
// longer ago than their retention, revocation feed entries older than any token they revoke) in small batches, so a large backlog never holds a write lock long enough to stall requests.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { Clock, Logger } from '@/core/ports';
import { sweepRevocations } from './revocation-feed-repository';

const BATCH = 500;
/** Revoked families stay a day for the audit trail of reuse detection, then go. */
const REVOKED_RETENTION_MS = 24 * 3600 * 1000;

/** The part of a Prisma model delegate a sweep needs. */
interface SweptModel {
  findMany(args: { where: object; select: Record<string, true>; take: number }): Promise<Record<string, unknown>[]>;
  deleteMany(args: { where: object }): Promise<{ count: number }>;
}

/** Deletes up to BATCH expired rows a round, by primary key, until none is left. */
async function sweep(model: SweptModel, key: string, expired: object): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await model.findMany({ where: expired, select: { [key]: true }, take: BATCH });
    if (rows.length === 0) return total;
    total += (await model.deleteMany({ where: { [key]: { in: rows.map((r) => r[key]) } } })).count;
    await new Promise((resolve) => setImmediate(resolve)); // let waiting requests in between batches
  }
}

/**
 * `auditRetentionSeconds`: AUDIT_RETENTION, how long security events are kept; `unverifiedSeconds`:
 * CUSTOMER_UNVERIFIED_TTL; `webhookRetentionSeconds`: WEBHOOK_RETENTION, how long a webhook message
 * and its delivery log are kept; `revocationRetentionSeconds`: how long a revocation feed entry is kept.
 */
export function createSweeper(
  prisma: PrismaClient,
  clock: Clock,
  logger: Logger,
  auditRetentionSeconds = 180 * 24 * 3600,
  unverifiedSeconds = 7 * 24 * 3600,
  webhookRetentionSeconds = 30 * 24 * 3600,
  revocationRetentionSeconds = 20 * 60,
) {
  const model = (delegate: unknown) => delegate as SweptModel;
  const targets = (now: Date): Array<[string, SweptModel, string, object]> => [
    ['rateLimitCounters', model(prisma.rateLimitCounter), 'key', { expiresAt: { lt: now } }],
    ['resetCodes', model(prisma.passwordResetCode), 'id', { expiresAt: { lt: now } }],
    ['resetGrants', model(prisma.passwordResetGrant), 'jti', { expiresAt: { lt: now } }],
    ['knownDevices', model(prisma.knownDevice), 'idHash', { expiresAt: { lt: now } }],
    ['pairingCodes', model(prisma.pairingCode), 'codeHash', { expiresAt: { lt: now } }],
    ['webAuthnChallenges', model(prisma.webAuthnChallenge), 'challenge', { expiresAt: { lt: now } }],
    ['oidcFlows', model(prisma.oidcFlow), 'state', { expiresAt: { lt: now } }],
    // An expired refresh token fails verification anyway; used ones that are still unexpired stay,
    // because presenting one again must still be recognised as reuse.
    ['refreshTokens', model(prisma.refreshToken), 'jti', { expiresAt: { lt: now } }],
    [
      'refreshFamilies',
      model(prisma.refreshFamily),
      'id',
      { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: new Date(now.getTime() - REVOKED_RETENTION_MS) } }] },
    ],
    ['auditEvents', model(prisma.auditEvent), 'id', { at: { lt: new Date(now.getTime() - auditRetentionSeconds * 1000) } }],
    // A registration never confirmed: the address is free again (no session or code can exist for it).
    ['unverifiedCustomers', model(prisma.customerAccount), 'id', { emailVerifiedAt: null, createdAt: { lt: new Date(now.getTime() - unverifiedSeconds * 1000) } }],
    // A message goes with its deliveries and attempts (cascade) once none of them is still pending:
    // one an endpoint has not yet received, or is being retried, stays however old it is.
    ['webhookMessages', model(prisma.webhookMessage), 'id', { createdAt: { lt: new Date(now.getTime() - webhookRetentionSeconds * 1000) }, deliveries: { none: { status: 'pending' } } }],
  ];

  async function sweepOnce(): Promise<Record<string, number>> {
    const now = clock.now();
    const removed: Record<string, number> = {};
    for (const [name, delegate, key, expired] of targets(now)) removed[name] = await sweep(delegate, key, expired);
    removed.revocations = await sweepRevocations(prisma, new Date(now.getTime() - revocationRetentionSeconds * 1000));
    return removed;
  }

  /**
   * Sweeps every `intervalSeconds` (and once soon after start); the timer never keeps the process up.
   * 0 never sweeps: in a fleet, the instances that do are enough.
   */
  function start(intervalSeconds: number): () => void {
    if (intervalSeconds === 0) return () => undefined;
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
    const first = setTimeout(() => void tick(), Math.min(5, intervalSeconds) * 1000);
    const timer = setInterval(() => void tick(), intervalSeconds * 1000);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  return { sweepOnce, start };
}

// Deletes expired rows (limit counters, reset codes and grants, refresh tokens and families, the
// authorization server's codes and tokens, audit events past their retention, customer
// registrations never confirmed, webhook messages settled longer ago than their retention,
// revocation feed entries older than any token they revoke, guests past GUEST_MAX_AGE) in small
// batches (./sweep-batches), so a large backlog never holds a write lock long enough to stall requests.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { Clock, Logger } from '@/core/ports';
import { DEVICE_MARKER_TTL_SECONDS } from '@/core/service/device-markers';
import { sweepRevocations } from './revocation-feed-repository';
import { sweepInTurns, type SweptModel, type SweptRows } from './sweep-batches';

/** Revoked families stay a day for the audit trail of reuse detection, then go. */
const REVOKED_RETENTION_MS = 24 * 3600 * 1000;

/** One pass of the sweep, named in what it answers. */
type Target = SweptRows & { name: string };

/**
 * `auditRetentionSeconds`: AUDIT_RETENTION, how long security events are kept; `unverifiedSeconds`:
 * CUSTOMER_UNVERIFIED_TTL; `webhookRetentionSeconds`: WEBHOOK_RETENTION, how long a webhook message
 * and its delivery log are kept; `revocationRetentionSeconds`: how long a revocation feed entry is kept;
 * `guestMaxAgeSeconds`: GUEST_MAX_AGE.
 */
export function createSweeper(
  prisma: PrismaClient,
  clock: Clock,
  logger: Logger,
  auditRetentionSeconds = 180 * 24 * 3600,
  unverifiedSeconds = 7 * 24 * 3600,
  webhookRetentionSeconds = 30 * 24 * 3600,
  revocationRetentionSeconds = 20 * 60,
  guestMaxAgeSeconds = 30 * 24 * 3600,
) {
  const model = (delegate: unknown) => delegate as SweptModel;
  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
  const targets = (now: Date): Target[] => [
    ...(
      [
        ['rateLimitCounters', prisma.rateLimitCounter, 'key'],
        ['resetCodes', prisma.passwordResetCode, 'id'],
        ['resetGrants', prisma.passwordResetGrant, 'jti'],
        ['knownDevices', prisma.knownDevice, 'idHash'],
        ['pairingCodes', prisma.pairingCode, 'codeHash'],
        // A new-device mail's link past its 7 days; the day's cap reads only the last day's.
        ['newDeviceNotices', prisma.newDeviceNotice, 'tokenHash'],
        ['webAuthnChallenges', prisma.webAuthnChallenge, 'challenge'],
        ['oidcFlows', prisma.oidcFlow, 'state'],
        // The authorization server's codes, tokens, grants, sessions and interactions (an expired
        // row already reads as absent); its key is the kind and the id, and ids are unique per kind.
        ['oauthPayloads', prisma.oAuthPayload, 'id'],
        // Past its expiry an invitation is spent, revoked or dead alike; the audit trail keeps its story.
        ['invitations', prisma.invitation, 'id'],
        // A till's approval request: past its expiry neither it nor its token can be used.
        ['terminalApprovals', prisma.terminalApproval, 'id'],
        // An expired family goes with its tokens (cascade), and the tokens' own pass stays behind
        // it: deleting the tokens first left the families' cascade to walk past their dead index
        // entries (1.1 s a batch at a million).
        ['refreshFamilies', prisma.refreshFamily, 'id'],
      ] as const
    ).map(([name, delegate, key]) => ({ name, model: model(delegate), key, column: 'expiresAt', before: now })),
    // An expired refresh token fails verification anyway; used ones that are still unexpired stay,
    // because presenting one again must still be recognised as reuse.
    {
      name: 'refreshTokens',
      model: model(prisma.refreshToken),
      key: 'jti',
      column: 'expiresAt',
      before: now,
      behindPrevious: true,
    },
    {
      name: 'revokedFamilies',
      model: model(prisma.refreshFamily),
      key: 'id',
      column: 'revokedAt',
      before: ago(now, REVOKED_RETENTION_MS),
    },
    {
      name: 'auditEvents',
      model: model(prisma.auditEvent),
      key: 'id',
      column: 'at',
      before: ago(now, auditRetentionSeconds * 1000),
    },
    // A registration never confirmed: the address is free again (no session or code can exist for it).
    {
      name: 'unverifiedCustomers',
      model: model(prisma.customerAccount),
      key: 'id',
      column: 'createdAt',
      before: ago(now, unverifiedSeconds * 1000),
      also: { emailVerifiedAt: null },
    },
    // A guest past GUEST_MAX_AGE, linked or not: its sessions ended with that age (their families go above).
    {
      name: 'guests',
      model: model(prisma.guest),
      key: 'id',
      column: 'createdAt',
      before: ago(now, guestMaxAgeSeconds * 1000),
    },
    // A device not seen for as long as a device marker stays known: a sign-in from it is new again.
    {
      name: 'signInDevices',
      model: model(prisma.signInDevice),
      key: ['role', 'accountId', 'deviceKey'],
      column: 'lastSeenAt',
      before: ago(now, DEVICE_MARKER_TTL_SECONDS * 1000),
    },
    // A message goes with its deliveries and attempts (cascade) once none of them is still pending:
    // one an endpoint has not yet received, or is being retried, stays however old it is.
    {
      name: 'webhookMessages',
      model: model(prisma.webhookMessage),
      key: 'id',
      column: 'createdAt',
      before: ago(now, webhookRetentionSeconds * 1000),
      also: { deliveries: { none: { status: 'pending' } } },
    },
  ];

  async function sweepOnce(): Promise<Record<string, number>> {
    const now = clock.now();
    const passes = targets(now);
    const counts = await sweepInTurns(passes);
    const removed: Record<string, number> = Object.fromEntries(
      passes.map((pass, index) => [pass.name, counts[index]!]),
    );
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
        if (Object.values(removed).some((n) => n > 0))
          logger.info({ event: 'expired_rows_removed', removed }, 'expired rows removed');
      } catch (error) {
        logger.warn(
          { event: 'sweep_failed', err: error instanceof Error ? error.message : String(error) },
          'removing expired rows failed; will retry',
        );
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

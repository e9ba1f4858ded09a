// After an attempt: its row in the delivery log, then (unless the message was sent again meanwhile)
// the delivery delivered, due again after the schedule's next wait (with up to 20 % jitter) or failed;
// an endpoint whose every attempt has failed for WEBHOOK_DISABLE_AFTER is disabled, as an audit event.
// One transaction.
import type { Config } from '@/core/config';
import { auditEntry, OPERATOR_CAUSE } from '@/core/service/audit';
import { auditIn } from '../db/audit-repository';
import type { PrismaClient } from '../db/prisma';
import type { AttemptResult } from './send';

export interface DeliveryObserver {
  attempted(result: 'delivered' | 'failed'): void;
}

/** How long before attempt `n + 1` (n attempts made): the schedule's wait, ±20 %; null after the last. */
export function nextWait(schedule: readonly number[], attemptsMade: number, random = Math.random): number | null {
  const wait = schedule[attemptsMade - 1];
  if (wait === undefined) return null;
  return wait * 1000 * (0.8 + 0.4 * random());
}

/** A worker's hold on a delivery while it sends it: the delivery's id, the instance and until when. */
export interface Lease {
  id: string;
  owner: string;
  until: Date;
}

export interface SettledAttempt {
  lease: Lease;
  endpointId: string;
  /** Attempts made in this round, this one included. */
  attempts: number;
  at: Date;
  result: AttemptResult;
  now: () => Date;
}

const ERROR_MAX = 200;

export async function settleAttempt(prisma: PrismaClient, rules: Config['webhooks'], s: SettledAttempt): Promise<void> {
  const ended = s.now();
  const { statusCode, error, durationMs } = s.result;
  await prisma.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: { deliveryId: s.lease.id, at: s.at, statusCode, durationMs, error: error?.slice(0, ERROR_MAX) ?? null },
    });
    const release = { leaseOwner: null, leaseUntil: null, attempts: s.attempts };
    // Settled only while the lease still holds: a message sent again meanwhile began a new round.
    const ours = { id: s.lease.id, leaseOwner: s.lease.owner, leaseUntil: s.lease.until };
    if (error === null) {
      await tx.webhookDelivery.updateMany({ where: ours, data: { ...release, status: 'delivered' } });
      await tx.webhookEndpoint.updateMany({
        where: { id: s.endpointId, failingSince: { not: null } },
        data: { failingSince: null },
      });
      return;
    }
    const wait = nextWait(rules.retrySchedule, s.attempts);
    await tx.webhookDelivery.updateMany({
      where: ours,
      data:
        wait === null
          ? { ...release, status: 'failed' }
          : { ...release, nextAttemptAt: new Date(ended.getTime() + wait) },
    });
    await tx.webhookEndpoint.updateMany({
      where: { id: s.endpointId, failingSince: null },
      data: { failingSince: s.at },
    });
    const disableBefore = new Date(ended.getTime() - rules.disableAfter * 1000);
    const disabled = await tx.webhookEndpoint.updateMany({
      where: { id: s.endpointId, enabled: true, failingSince: { lte: disableBefore } },
      data: { enabled: false },
    });
    if (disabled.count === 1) {
      const event = auditEntry(
        'webhook_endpoint_disabled',
        { role: 'admin', accountId: null },
        { ...OPERATOR_CAUSE, operator: false },
        { endpoint_id: s.endpointId, reason: 'failing', failing_for_seconds: rules.disableAfter },
      );
      await auditIn(tx, event, ended);
    }
  });
}

// Webhook endpoints and their delivery log in Prisma (the core's WebhookRepository). Every change
// commits with its audit event; sending again starts a new round of attempts, due at once.
import type { AuditEntry } from '@/core/audit-ports';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookRepository } from '@/core/webhook-ports';
import type { WebhookStatus } from '@/contract/webhook-schemas';
import { auditIn } from './audit-repository';
import { pageArgs } from './keyset';
import type { PrismaClient } from './prisma';
import { writeMessage } from './webhook-outbox';

const endpointSelect = {
  id: true,
  url: true,
  events: true,
  description: true,
  enabled: true,
  createdAt: true,
} as const;
type EndpointRow = { id: string; url: string; events: unknown; description: string; enabled: boolean; createdAt: Date };
const endpointOf = (row: EndpointRow): WebhookEndpointRecord => ({
  ...row,
  events: Array.isArray(row.events) ? row.events.filter((e): e is string => typeof e === 'string') : [],
});

const deliverySelect = {
  id: true,
  createdAt: true,
  status: true,
  message: { select: { id: true, type: true } },
  log: { select: { at: true, statusCode: true, durationMs: true, error: true }, orderBy: { at: 'asc' as const } },
} as const;
type DeliveryRow = {
  id: string;
  createdAt: Date;
  status: string;
  message: { id: string; type: string };
  log: WebhookDeliveryRecord['attempts'];
};
const deliveryOf = (row: DeliveryRow): WebhookDeliveryRecord => ({
  id: row.id,
  createdAt: row.createdAt,
  messageId: row.message.id,
  type: row.message.type,
  status: row.status as WebhookStatus,
  attempts: row.log,
});

/** A new round: pending, due now, no attempt made in it, no lease. */
const newRound = (now: Date) => ({
  status: 'pending',
  attempts: 0,
  nextAttemptAt: now,
  leaseOwner: null,
  leaseUntil: null,
});

export function createWebhookRepository(prisma: PrismaClient): WebhookRepository {
  const inTx = <T>(
    now: Date,
    audit: AuditEntry,
    work: (tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]) => Promise<T>,
  ) =>
    prisma.$transaction(async (tx) => {
      const result = await work(tx);
      await auditIn(tx, audit, now);
      return result;
    });

  return {
    create: (endpoint, now, audit) =>
      inTx(now, audit, async (tx) =>
        endpointOf(await tx.webhookEndpoint.create({ data: { ...endpoint, createdAt: now }, select: endpointSelect })),
      ),

    list: async (page) =>
      (await prisma.webhookEndpoint.findMany({ ...pageArgs({}, page), select: endpointSelect })).map(endpointOf),

    find: async (id) => {
      const row = await prisma.webhookEndpoint.findUnique({ where: { id }, select: endpointSelect });
      return row && endpointOf(row);
    },

    update: (id, change, now, audit) =>
      inTx(now, audit, async (tx) => {
        // Enabling an endpoint again forgets its failures: the disable rule counts from now.
        const data = { ...change, ...(change.enabled ? { failingSince: null } : {}) };
        const updated = await tx.webhookEndpoint.updateMany({ where: { id }, data });
        if (updated.count === 0) throw new Gone();
        return endpointOf((await tx.webhookEndpoint.findUnique({ where: { id }, select: endpointSelect }))!);
      }).then(undefined, whenGone(null)),

    remove: (id, now, audit) =>
      inTx(now, audit, async (tx) => {
        if ((await tx.webhookEndpoint.deleteMany({ where: { id } })).count === 0) throw new Gone();
        return true;
      }).then(undefined, whenGone(false)),

    rotateSecret: (id, secretSealed, previousUntil, now, audit) =>
      inTx(now, audit, async (tx) => {
        const row = await tx.webhookEndpoint.findUnique({ where: { id }, select: { secretSealed: true } });
        if (!row) throw new Gone();
        await tx.webhookEndpoint.update({
          where: { id },
          data: { secretSealed, previousSecretSealed: row.secretSealed, previousSecretUntil: previousUntil },
        });
        return true;
      }).then(undefined, whenGone(false)),

    queueTest: (id, type, body, now, audit) =>
      inTx(now, audit, (tx) => writeMessage(tx, type as 'webhook.test', body, [id], now)),

    listDeliveries: async (endpointId, filter, page) => {
      const key = page.before;
      const rows = await prisma.webhookDelivery.findMany({
        where: {
          endpointId,
          ...(filter.status ? { status: filter.status } : {}),
          ...(key
            ? { OR: [{ createdAt: { lt: key.createdAt } }, { createdAt: key.createdAt, id: { lt: key.id } }] }
            : {}),
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: page.limit + 1,
        select: deliverySelect,
      });
      return rows.map(deliveryOf);
    },

    endpointsOfMessage: async (messageId) =>
      (
        await prisma.webhookDelivery.findMany({
          where: { messageId },
          select: { endpointId: true },
          orderBy: { endpointId: 'asc' },
        })
      ).map((d) => d.endpointId),

    resend: (endpointId, messageId, now, audit) =>
      inTx(now, audit, async (tx) => {
        const where = { messageId_endpointId: { messageId, endpointId } };
        if (!(await tx.webhookDelivery.findUnique({ where, select: { id: true } }))) throw new Gone();
        // A pending one waiting for its next attempt is due now too. One being sent right now also
        // begins a new round: the attempt in progress is logged but no longer settles it.
        await tx.webhookDelivery.updateMany({ where: { messageId, endpointId }, data: newRound(now) });
        return deliveryOf((await tx.webhookDelivery.findUnique({ where, select: deliverySelect }))!);
      }).then(undefined, whenGone(null)),

    replay: (endpointId, since, now, audit) =>
      inTx(
        now,
        audit,
        async (tx) =>
          (
            await tx.webhookDelivery.updateMany({
              where: { endpointId, createdAt: { gte: since }, status: { not: 'pending' } },
              data: newRound(now),
            })
          ).count,
      ),
  };
}

/** Rolls a change back when its row is gone, so its audit event is not written either. */
class Gone extends Error {}
const whenGone =
  <F>(fallback: F) =>
  (error: unknown): F => {
    if (error instanceof Gone) return fallback;
    throw error;
  };

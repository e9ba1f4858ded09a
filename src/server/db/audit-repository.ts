// Security events in Prisma: the core's AuditTrail, and the one insert that repositories also run
// inside their own transactions so a change, its event and the webhook messages the event makes
// commit together.
import type { AuditEntry, AuditFilter, AuditPageRequest, AuditTrail, StoredAuditEvent } from '@/core/audit-ports';
import type { AuditEventName } from '@/contract/audit-events';
import type { Role } from '@/contract/auth-schemas';
import type { Prisma } from '@/generated/prisma/postgresql/client';
import type { PrismaClient } from './prisma';
import { webhookTypesOf } from '@/core/webhook-messages';
import { enqueueWebhooks, type OutboxTx } from './webhook-outbox';

const CLIENT_FIELD_MAX = 300;

/** A client's address or user agent as stored: cut to a bounded length. */
export const clientField = (value: string | undefined) => value?.slice(0, CLIENT_FIELD_MAX) ?? null;

type Tx = Pick<PrismaClient, 'auditEvent'> & OutboxTx;

/** The row of `entry`; `accountId` fills in the account a creation just made. */
export function auditEventRow(entry: AuditEntry, now: Date, accountId = entry.accountId) {
  return {
    at: now,
    event: entry.event,
    role: entry.role,
    accountId,
    actorRole: entry.actor?.role ?? null,
    actorId: entry.actor?.accountId ?? null,
    vendorId: entry.vendorId ?? null,
    clientIp: clientField(entry.client.ip),
    userAgent: clientField(entry.client.userAgent),
    // Scrubbed plain data from the core: JSON by construction.
    details: entry.details as Prisma.InputJsonObject,
  };
}

/** Inserts `entry` and queues its webhook messages; `accountId` fills in the account a creation just made. */
export async function writeAuditEvent(
  tx: Tx,
  entry: AuditEntry,
  now: Date,
  accountId = entry.accountId,
): Promise<void> {
  await tx.auditEvent.create({ data: auditEventRow(entry, now, accountId) });
  await enqueueWebhooks(tx, entry, now, accountId);
}

/** Runs `entry` (when given) in the transaction `tx` of the change it records. */
export async function auditIn(tx: Tx, entry: AuditEntry | undefined, now: Date, accountId?: string): Promise<void> {
  if (entry) await writeAuditEvent(tx, entry, now, accountId ?? entry.accountId);
}

type Row = Awaited<ReturnType<PrismaClient['auditEvent']['findMany']>>[number];

function storedEvent(row: Row): StoredAuditEvent {
  return {
    id: row.id,
    at: row.at,
    event: row.event as AuditEventName,
    role: row.role as Role,
    accountId: row.accountId,
    actor: row.actorRole && row.actorId ? { role: row.actorRole as Role, accountId: row.actorId } : null,
    vendorId: row.vendorId,
    clientIp: row.clientIp,
    userAgent: row.userAgent,
    details: typeof row.details === 'object' && row.details !== null && !Array.isArray(row.details) ? row.details : {},
  };
}

/** Newest first by (at, id), a key that inserts never reorder: rows strictly older than the cursor. */
function olderThan(page: AuditPageRequest) {
  const key = page.before;
  if (!key) return {};
  // The bound on `at` alone lets the index scan start at the cursor (see keyset.ts).
  return { at: { lte: key.at }, OR: [{ at: { lt: key.at } }, { at: key.at, id: { lt: key.id } }] };
}

function whereOf(filter: AuditFilter) {
  return {
    ...(filter.role ? { role: filter.role } : {}),
    ...(filter.accountId ? { accountId: filter.accountId } : {}),
    ...(filter.accountIds ? { accountId: { in: filter.accountIds } } : {}),
    ...(filter.vendorId ? { vendorId: filter.vendorId } : {}),
    ...(filter.event ? { event: filter.event } : {}),
    ...(filter.from || filter.to
      ? { at: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
  };
}

export function createAuditTrail(prisma: PrismaClient): AuditTrail {
  return {
    // An event sent to the platform commits with its messages; any other is one insert.
    record: (entry, now) =>
      webhookTypesOf(entry).length > 0
        ? prisma.$transaction((tx) => writeAuditEvent(tx, entry, now))
        : writeAuditEvent(prisma, entry, now),

    list: async (filter, page) =>
      (
        await prisma.auditEvent.findMany({
          where: { AND: [whereOf(filter), olderThan(page)] },
          orderBy: [{ at: 'desc' }, { id: 'desc' }],
          take: page.limit + 1,
        })
      ).map(storedEvent),
    accountIdsWithEmail: async (email) => {
      const where = { email };
      const select = { id: true } as const;
      const found = await Promise.all([
        prisma.adminAccount.findMany({ where, select }),
        prisma.vendorAccount.findMany({ where, select }),
        prisma.customerAccount.findMany({ where, select }),
      ]);
      return found.flat().map((a) => a.id);
    },
    accountLabels: async (ids) => {
      const where = { id: { in: ids } };
      const select = { id: true, email: true, name: true } as const;
      const found =
        ids.length === 0
          ? []
          : await Promise.all([
              prisma.adminAccount.findMany({ where, select }),
              prisma.vendorAccount.findMany({ where, select }),
              prisma.customerAccount.findMany({ where, select }),
            ]);
      return new Map(found.flat().map((a) => [a.id, { email: a.email, name: a.name }]));
    },
  };
}

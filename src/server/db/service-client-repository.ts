// Service clients in Prisma (the core's ServiceClientRepository): hashes only, every change
// committed with its audit event.
import type { AuditEntry } from '@/core/audit-ports';
import type { ServiceClientRepository } from '@/core/service-client-ports';
import { auditIn } from './audit-repository';
import { pageArgs } from './keyset';
import type { PrismaClient } from './prisma';

const listed = { id: true, name: true, clientId: true, createdAt: true } as const;
const withHashes = { ...listed, secretHash: true, previousSecretHash: true, previousSecretUntil: true } as const;

export function createServiceClientRepository(prisma: PrismaClient): ServiceClientRepository {
  /** The change and its audit event, or neither when `work` finds the client gone (null). */
  const inTx = <T>(
    now: Date,
    audit: AuditEntry,
    work: (tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]) => Promise<T | null>,
  ) =>
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

  return {
    create: async (client, now, audit) =>
      (await inTx(now, audit, (tx) =>
        tx.serviceClient.create({ data: { ...client, createdAt: now }, select: listed }),
      ))!,

    list: (page) => prisma.serviceClient.findMany({ ...pageArgs({}, page), select: listed }),

    find: (id) => prisma.serviceClient.findUnique({ where: { id }, select: listed }),

    findByClientId: (clientId) => prisma.serviceClient.findUnique({ where: { clientId }, select: withHashes }),

    rotateSecret: (id, secretHash, previousUntil, now, audit) =>
      inTx(now, audit, async (tx) => {
        const row = await tx.serviceClient.findUnique({ where: { id }, select: { secretHash: true } });
        if (!row) return null;
        return tx.serviceClient.update({
          where: { id },
          data: { secretHash, previousSecretHash: row.secretHash, previousSecretUntil: previousUntil },
          select: listed,
        });
      }),

    remove: async (id, now, audit) =>
      (await inTx(now, audit, async (tx) =>
        (await tx.serviceClient.deleteMany({ where: { id } })).count === 1 ? true : null,
      )) ?? false,
  };
}

/** Rolls a change back when its client is gone, so no audit event says it happened. */
class Gone extends Error {}

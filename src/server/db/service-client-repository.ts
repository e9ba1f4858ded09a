// Service clients in Prisma (the core's ServiceClientRepository): hashes only, every change
// committed with its audit event.
import type { ServiceClientRepository } from '@/core/service-client-ports';
import { auditedChange } from './audited-change';
import { pageArgs } from './keyset';
import type { PrismaClient } from './prisma';

const listed = { id: true, name: true, clientId: true, createdAt: true } as const;
const withHashes = { ...listed, secretHash: true, previousSecretHash: true, previousSecretUntil: true } as const;

export function createServiceClientRepository(prisma: PrismaClient): ServiceClientRepository {
  const inTx = auditedChange(prisma);

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

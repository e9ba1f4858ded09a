// The platform's apps in Prisma (the core's AppRepository): secret hashes only, every change
// committed with its audit event.
import type { AppRecord, AppRepository } from '@/core/app-ports';
import { auditedChange } from './audited-change';
import { recordAuthChange } from './auth-changes';
import { pageArgs } from './keyset';
import type { PrismaClient } from './prisma';

const listed = {
  id: true,
  name: true,
  clientId: true,
  type: true,
  firstParty: true,
  registered: true,
  homepageUrl: true,
  redirectUris: true,
  scopes: true,
  createdAt: true,
  updatedAt: true,
} as const;
const withHashes = { ...listed, secretHash: true, previousSecretHash: true, previousSecretUntil: true } as const;

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

type Row = { type: string; redirectUris: unknown; scopes: unknown };
const recordOf = <R extends Row>(row: R) => ({
  ...row,
  type: row.type === 'confidential' ? ('confidential' as const) : ('public' as const),
  redirectUris: strings(row.redirectUris),
  scopes: strings(row.scopes),
});

export function createAppRepository(prisma: PrismaClient): AppRepository {
  const inTx = auditedChange(prisma);

  return {
    create: async (app, now, audit) =>
      (await inTx<AppRecord>(now, audit, async (tx) =>
        recordOf(await tx.oAuthApp.create({ data: { ...app, createdAt: now, updatedAt: now }, select: listed })),
      ))!,

    list: async (page) => (await prisma.oAuthApp.findMany({ ...pageArgs({}, page), select: listed })).map(recordOf),

    find: async (id) => {
      const row = await prisma.oAuthApp.findUnique({ where: { id }, select: listed });
      return row && recordOf(row);
    },

    findByClientId: async (clientId) => {
      const row = await prisma.oAuthApp.findUnique({ where: { clientId }, select: withHashes });
      return row && recordOf(row);
    },

    update: (id, change, now, audit) =>
      inTx(now, audit, async (tx) => {
        const updated = await tx.oAuthApp.updateMany({ where: { id }, data: { ...change, updatedAt: now } });
        if (updated.count !== 1) return null;
        return recordOf((await tx.oAuthApp.findUnique({ where: { id }, select: listed }))!);
      }),

    rotateSecret: (id, secretHash, previousUntil, now, audit) =>
      inTx(now, audit, async (tx) => {
        const row = await tx.oAuthApp.findUnique({ where: { id }, select: { secretHash: true } });
        if (!row) return null;
        return recordOf(
          await tx.oAuthApp.update({
            where: { id },
            data: {
              secretHash,
              previousSecretHash: row.secretHash,
              previousSecretUntil: previousUntil,
              updatedAt: now,
            },
            select: listed,
          }),
        );
      }),

    /** With the app go its grants, codes and tokens, so none outlives it on any instance. */
    remove: async (id, now, audit) =>
      (await inTx(now, audit, async (tx) => {
        const row = await tx.oAuthApp.findUnique({ where: { id }, select: { clientId: true } });
        if (!row) return null;
        // Its grants' tokens are refused by the platform's services too: the feed names each grant.
        const grants = await tx.oAuthPayload.findMany({
          where: { kind: 'Grant', clientId: row.clientId },
          select: { id: true },
        });
        await tx.oAuthPayload.deleteMany({ where: { clientId: row.clientId } });
        if (grants.length > 0)
          await recordAuthChange(
            tx,
            grants.map((grant) => ({ kind: 'grant', subject: grant.id })),
            now,
          );
        return (await tx.oAuthApp.deleteMany({ where: { id } })).count === 1 ? true : null;
      })) ?? false,
  };
}

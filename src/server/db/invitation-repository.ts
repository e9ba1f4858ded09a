// Invitations in Prisma (the core's InvitationRepository): token hashes only, every change
// committed with its audit event, and acceptance spending the invitation and creating the account
// in one transaction.
import type { InvitationRecord, InvitationRepository } from '@/core/invitation-ports';
import type { Prisma } from '@/generated/prisma/postgresql/client';
import { insertAdmin, insertVendorAccount, uniqueEmail } from './account-repository';
import { auditIn } from './audit-repository';
import { auditedChange } from './audited-change';
import { pageArgs } from './keyset';
import type { PrismaClient } from './prisma';

const listed = {
  id: true,
  role: true,
  email: true,
  name: true,
  accountType: true,
  modules: true,
  modulePermissions: true,
  storeIds: true,
  vendorId: true,
  inviterRole: true,
  inviterId: true,
  expiresAt: true,
  acceptedAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

type Row = Prisma.InvitationGetPayload<{ select: typeof listed }>;

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const staffRole = (role: string) => (role === 'admin' ? ('admin' as const) : ('vendor' as const));

function recordOf(row: Row): InvitationRecord {
  const permissions = (row.modulePermissions ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    role: staffRole(row.role),
    email: row.email,
    name: row.name,
    accountType: row.accountType,
    modules: strings(row.modules),
    modulePermissions: Object.fromEntries(Object.entries(permissions).map(([k, v]) => [k, strings(v)])),
    storeIds: strings(row.storeIds),
    vendorId: row.vendorId,
    inviter: { role: staffRole(row.inviterRole), id: row.inviterId },
    expiresAt: row.expiresAt,
    acceptedAt: row.acceptedAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
  };
}

/** Neither accepted nor revoked, and not expired at `now`. */
const pendingAt = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

export function createInvitationRepository(prisma: PrismaClient): InvitationRepository {
  const inTx = auditedChange(prisma);

  return {
    create: async (invitation, now, audit) =>
      (await inTx(now, audit, async (tx) => {
        const { inviter } = invitation;
        const row = await tx.invitation.create({
          data: {
            id: invitation.id,
            role: invitation.role,
            email: invitation.email,
            name: invitation.name,
            accountType: invitation.accountType,
            modules: invitation.modules,
            modulePermissions: invitation.modulePermissions,
            storeIds: invitation.storeIds,
            vendorId: invitation.vendorId,
            inviterRole: inviter.role,
            inviterId: inviter.id,
            tokenHash: invitation.tokenHash,
            expiresAt: invitation.expiresAt,
            createdAt: now,
          },
          select: listed,
        });
        return recordOf(row);
      }))!,

    find: async (id) => {
      const row = await prisma.invitation.findUnique({ where: { id }, select: listed });
      return row && recordOf(row);
    },

    findByTokenHash: async (tokenHash) => {
      const row = await prisma.invitation.findUnique({ where: { tokenHash }, select: listed });
      return row && recordOf(row);
    },

    hasPending: async (role, email, now) =>
      (await prisma.invitation.count({ where: { role, email, ...pendingAt(now) } })) > 0,

    listPending: async (role, vendorId, now, page) =>
      (
        await prisma.invitation.findMany({ ...pageArgs({ role, vendorId, ...pendingAt(now) }, page), select: listed })
      ).map(recordOf),

    replaceToken: (id, tokenHash, expiresAt, now, audit) =>
      inTx(now, audit, async (tx) => {
        const updated = await tx.invitation.updateMany({
          where: { id, ...pendingAt(now) },
          data: { tokenHash, expiresAt },
        });
        if (updated.count !== 1) return null;
        return recordOf((await tx.invitation.findUnique({ where: { id }, select: listed }))!);
      }),

    revoke: async (id, now, audit) =>
      (await inTx(now, audit, async (tx) => {
        const updated = await tx.invitation.updateMany({ where: { id, ...pendingAt(now) }, data: { revokedAt: now } });
        return updated.count === 1 ? true : null;
      })) === true,

    // The conditional update is the spend: of two acceptances of one token, one finds it pending.
    accept: (tokenHash, now, account, audit) =>
      uniqueEmail(() =>
        prisma.$transaction(async (tx) => {
          const spent = await tx.invitation.updateMany({
            where: { tokenHash, ...pendingAt(now) },
            data: { acceptedAt: now },
          });
          if (spent.count !== 1) return null;
          const created =
            account.role === 'admin'
              ? await insertAdmin(tx, account.admin)
              : await insertVendorAccount(tx, account.vendor);
          await auditIn(tx, audit, now, created.id);
          return created;
        }),
      ),
  };
}

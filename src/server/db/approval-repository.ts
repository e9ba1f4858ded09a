// Approvals at the till in Prisma (the core's ApprovalRepository): granting and spending are
// conditional updates, committed with their audit events, so one of two callers wins.
import type { ApprovalRecord, ApprovalRepository } from '@/core/approval-ports';
import { auditedChange } from './audited-change';
import type { PrismaClient } from './prisma';

const fields = {
  id: true,
  terminalId: true,
  storeId: true,
  vendorId: true,
  requesterId: true,
  action: true,
  reference: true,
  amount: true,
  expiresAt: true,
  approverId: true,
  approvedAt: true,
  spentAt: true,
} as const;

export function createApprovalRepository(prisma: PrismaClient): ApprovalRepository {
  const inTx = auditedChange(prisma);

  return {
    async create(approval, now, audit) {
      await inTx(now, audit, (tx) => tx.terminalApproval.create({ data: approval, select: { id: true } }));
    },

    find: (id): Promise<ApprovalRecord | null> => prisma.terminalApproval.findUnique({ where: { id }, select: fields }),

    grant: async (id, approverId, expiresAt, now, audit) =>
      (await inTx(now, audit, async (tx) => {
        const updated = await tx.terminalApproval.updateMany({
          where: { id, approvedAt: null, expiresAt: { gt: now } },
          data: { approverId, approvedAt: now, expiresAt },
        });
        return updated.count === 1 ? true : null;
      })) === true,

    // The conditional update is the spend: of two services presenting one token, one finds it unspent.
    spend: async (id, now, audit) =>
      (await inTx(now, audit, async (tx) => {
        const updated = await tx.terminalApproval.updateMany({
          where: { id, approvedAt: { not: null }, spentAt: null, expiresAt: { gt: now } },
          data: { spentAt: now },
        });
        return updated.count === 1 ? true : null;
      })) === true,
  };
}

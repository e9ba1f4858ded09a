// Password-reset codes and grants in Prisma: the core's ResetRepository.
import { auditIn } from './audit-repository';
import { endEverySession } from './end-sessions';
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import { spendOutstandingResets } from './spend-resets';
import type { ResetRepository } from '@/core/reset-ports';

export function createResetRepository(prisma: PrismaClient): ResetRepository {
  return {
    async saveCode({ role, accountId, purpose = 'password_reset', sentTo, codeHash, expiresAt }) {
      const fresh = { codeHash, expiresAt, sentTo: sentTo ?? null, attempts: 0, spentAt: null, createdAt: new Date() };
      await prisma.passwordResetCode.upsert({
        where: { role_accountId_purpose: { role, accountId, purpose } },
        create: { role, accountId, purpose, ...fresh },
        update: fresh,
      });
    },

    findCode: (role, accountId, purpose = 'password_reset') =>
      prisma.passwordResetCode.findUnique({
        where: { role_accountId_purpose: { role, accountId, purpose } },
        select: { id: true, sentTo: true, codeHash: true, attempts: true, expiresAt: true, spentAt: true },
      }),

    async countAttempt(id, maxAttempts, now) {
      const counted = await prisma.passwordResetCode.updateMany({
        where: { id, spentAt: null, expiresAt: { gt: now }, attempts: { lt: maxAttempts } },
        data: { attempts: { increment: 1 } },
      });
      return counted.count === 1;
    },

    async spendCode(id, now) {
      const spent = await prisma.passwordResetCode.updateMany({ where: { id, spentAt: null }, data: { spentAt: now } });
      return spent.count === 1;
    },

    async createGrant({ jti, role, accountId, expiresAt }) {
      await prisma.passwordResetGrant.create({ data: { jti, role, accountId, expiresAt } });
    },

    async completeReset({ jti, role, accountId, passwordHash, now, audit }) {
      return prisma.$transaction(async (tx) => {
        const grant = await tx.passwordResetGrant.updateMany({
          where: { jti, role, accountId, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (grant.count !== 1) return false;
        if (!(await endEverySession(tx, role, accountId, now, { passwordHash })))
          throw new Error('reset grant names a missing account');
        await spendOutstandingResets(tx, role, accountId, now);
        await auditIn(tx, audit, now);
        return true;
      });
    },
  };
}

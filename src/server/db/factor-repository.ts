// Second factors in Prisma: authenticator-app secrets (sealed) and recovery codes (keyed hashes).
import type { FactorRepository } from '@/core/factor-ports';
import type { PrismaClient } from './prisma';
import { auditIn } from './audit-repository';
import { recordAuthChange } from './auth-changes';
import { endEverySession } from './end-sessions';

type Tx = Pick<PrismaClient, 'recoveryCode'>;

const codeRows = (role: string, accountId: string, codeHashes: string[], now: Date) =>
  codeHashes.map((codeHash) => ({ codeHash, role, accountId, createdAt: now }));

async function replaceCodes(tx: Tx, role: string, accountId: string, codeHashes: string[], now: Date) {
  await tx.recoveryCode.deleteMany({ where: { role, accountId } });
  await tx.recoveryCode.createMany({ data: codeRows(role, accountId, codeHashes, now) });
}

export function createFactorRepository(prisma: PrismaClient): FactorRepository {
  const key = (role: string, accountId: string) => ({ role_accountId: { role, accountId } });

  // One statement on every login's path (the same SQL on both dialects); counts come back as
  // bigint or number depending on the driver.
  async function summary(role: string, accountId: string) {
    const [row] = await prisma.$queryRaw<{ totp: bigint | number; passkeys: bigint | number }[]>`SELECT
      (SELECT COUNT(*) FROM "TotpFactor" WHERE "role" = ${role} AND "accountId" = ${accountId} AND "confirmedAt" IS NOT NULL) AS "totp",
      (SELECT COUNT(*) FROM "Passkey" WHERE "role" = ${role} AND "accountId" = ${accountId}) AS "passkeys"`;
    return { totp: Number(row?.totp ?? 0) > 0, passkeys: Number(row?.passkeys ?? 0) };
  }

  return {
    async findTotp(role, accountId) {
      const row = await prisma.totpFactor.findUnique({
        where: key(role, accountId),
        select: { secretCipher: true, confirmedAt: true, lastStep: true },
      });
      return row && { secretCipher: row.secretCipher, confirmed: row.confirmedAt !== null, lastStep: row.lastStep };
    },

    summary,
    profileSummary: summary,

    async savePendingTotp(role, accountId, secretCipher) {
      return prisma.$transaction(async (tx) => {
        const existing = await tx.totpFactor.findUnique({ where: key(role, accountId), select: { confirmedAt: true } });
        if (existing?.confirmedAt) return false;
        if (existing) await tx.totpFactor.update({ where: key(role, accountId), data: { secretCipher, lastStep: 0 } });
        else await tx.totpFactor.create({ data: { role, accountId, secretCipher } });
        return true;
      });
    },

    async confirmTotp(role, accountId, step, codeHashes, now, audit) {
      return prisma.$transaction(async (tx) => {
        // Conditional: of two confirmations at once, one confirms and the other changes nothing.
        const confirmed = await tx.totpFactor.updateMany({
          where: { role, accountId, confirmedAt: null },
          data: { confirmedAt: now, lastStep: step },
        });
        if (confirmed.count !== 1) return false;
        await replaceCodes(tx, role, accountId, codeHashes, now);
        await recordAuthChange(tx); // the profile's factor summary changed
        await auditIn(tx, audit, now);
        return true;
      });
    },

    async acceptStep(role, accountId, step) {
      // The condition is the replay guard: a step at or before the last accepted one changes no row,
      // whichever instance sees it, and of two requests with one code only one gets count 1.
      const accepted = await prisma.totpFactor.updateMany({
        where: { role, accountId, confirmedAt: { not: null }, lastStep: { lt: step } },
        data: { lastStep: step },
      });
      return accepted.count === 1;
    },

    async removeTotp(role, accountId, audit, now) {
      return prisma.$transaction(async (tx) => {
        const removed = await tx.totpFactor.deleteMany({ where: { role, accountId, confirmedAt: { not: null } } });
        if (removed.count !== 1) return false;
        await tx.recoveryCode.deleteMany({ where: { role, accountId } });
        await recordAuthChange(tx);
        await auditIn(tx, audit, now);
        return true;
      });
    },

    async replaceRecoveryCodes(role, accountId, codeHashes, now, audit) {
      await prisma.$transaction(async (tx) => {
        await replaceCodes(tx, role, accountId, codeHashes, now);
        await auditIn(tx, audit, now);
      });
    },

    async spendRecoveryCode(role, accountId, codeHash, now) {
      const spent = await prisma.recoveryCode.updateMany({
        where: { codeHash, role, accountId, usedAt: null },
        data: { usedAt: now },
      });
      return spent.count === 1;
    },

    async resetFactors(role, accountId, now, audit) {
      return prisma.$transaction(async (tx) => {
        if (!(await endEverySession(tx, role, accountId, now))) return false;
        await tx.totpFactor.deleteMany({ where: { role, accountId } });
        await tx.recoveryCode.deleteMany({ where: { role, accountId } });
        await tx.passkey.deleteMany({ where: { role, accountId } });
        await auditIn(tx, audit, now);
        return true;
      });
    },
  };
}

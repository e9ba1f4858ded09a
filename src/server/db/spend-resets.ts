// Spends every outstanding reset code and grant of an account, inside the transaction that
// changes its password: a code or reset token issued before the change must not outlive it.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { Role } from '@/contract/auth-schemas';

type Tx = Pick<PrismaClient, 'passwordResetCode' | 'passwordResetGrant'>;

export async function spendOutstandingResets(tx: Tx, role: Role, accountId: string, now: Date) {
  await tx.passwordResetGrant.updateMany({ where: { role, accountId, usedAt: null }, data: { usedAt: now } });
  await tx.passwordResetCode.updateMany({ where: { role, accountId, spentAt: null }, data: { spentAt: now } });
}

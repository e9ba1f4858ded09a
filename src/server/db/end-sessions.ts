// Ending every session of an account, as one step: its token version moves on (access tokens issued
// before are refused from then on) and every refresh-token family is revoked. Disabling, a password
// reset and an operator's password change all sign the account out through this, inside their own
// transaction, so the change and the sign-out commit together. A vendor account's POS PIN goes
// with its sessions: whoever lost the password (or the account) must not keep a way in at the till.
// The change counter moves on with it, so every instance refuses the account's access tokens at once.
import type { Role } from '@/contract/auth-schemas';
import type { PrismaClient } from './prisma';
import { recordAuthChange } from './auth-changes';

type Tx = Pick<PrismaClient, 'adminAccount' | 'vendorAccount' | 'customerAccount' | 'refreshFamily' | 'staffPin' | '$queryRaw'>;

/** Applies `change` to the account and ends all its sessions; false when no such account exists. */
export async function endEverySession(tx: Tx, role: Role, accountId: string, now: Date, change: { passwordHash?: string; disabledAt?: Date | null } = {}) {
  const data = { ...change, tokenVersion: { increment: 1 } };
  const accounts = { admin: tx.adminAccount, vendor: tx.vendorAccount, customer: tx.customerAccount }[role] as Tx['adminAccount'];
  const updated = await accounts.updateMany({ where: { id: accountId }, data });
  await tx.refreshFamily.updateMany({ where: { role, accountId, revokedAt: null }, data: { revokedAt: now } });
  if (role === 'vendor') await tx.staffPin.deleteMany({ where: { accountId } });
  await recordAuthChange(tx);
  return updated.count === 1;
}

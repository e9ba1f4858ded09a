// Ending sessions as one step. Every session of an account: its token version moves on (access
// tokens issued before are refused from then on) and every refresh-token family is revoked.
// Disabling, a password reset and an operator's password change all sign the account out through
// this, inside their own transaction, so the change and the sign-out commit together. A vendor
// account's POS PIN goes with its sessions: whoever lost the password (or the account) must not keep
// a way in at the till. And the PIN sessions an employee holds on tills of stores it left. The
// change counter moves on with either, so every instance refuses the tokens concerned at once.
import type { Role } from '@/contract/auth-schemas';
import type { PrismaClient } from './prisma';
import { recordAuthChange } from './auth-changes';

type Tx = Pick<PrismaClient, 'adminAccount' | 'vendorAccount' | 'customerAccount' | 'refreshFamily' | 'staffPin' | 'posTerminal' | '$queryRaw'>;

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

/**
 * Ends the PIN sessions an employee holds on terminals of stores it no longer works in (its stores
 * were edited): a cashier taken off a store leaves its tills at once, refresh and access tokens
 * alike. Owners work in every store of their business and keep theirs. The caller moves the change
 * counter in the same transaction.
 */
export async function endPinSessionsOffStores(tx: Tx, accountId: string, now: Date): Promise<void> {
  const account = await tx.vendorAccount.findUnique({ where: { id: accountId }, select: { vendorType: true } });
  if (!account || account.vendorType === 'owner') return;
  const tills = await tx.posTerminal.findMany({ where: { store: { assignments: { some: { accountId } } } }, select: { id: true } });
  await tx.refreshFamily.updateMany({
    where: { role: 'vendor', accountId, revokedAt: null, terminalId: { not: null, notIn: tills.map((till) => till.id) } },
    data: { revokedAt: now },
  });
}

// Ending sessions as one step. Every session of an account: its token version moves on (access
// tokens issued before are refused from then on) and every refresh-token family is revoked.
// Disabling, a password reset and an operator's password change all sign the account out through
// this, inside their own transaction, so the change and the sign-out commit together. A vendor
// account's POS PIN goes with its sessions: whoever lost the password (or the account) must not keep
// a way in at the till; so do the grants of the apps the person authorized. And the PIN sessions an
// employee holds on tills of stores it left. The change counter moves on with either, so every
// instance refuses the tokens concerned at once, and the revocation feed tells the platform's
// services which sessions ended.
import type { Role } from '@/contract/auth-schemas';
import type { PrismaClient } from './prisma';
import { endGrantRows } from './app-grant-repository';
import { recordAuthChange, type Revoked } from './auth-changes';

type Tx = Pick<
  PrismaClient,
  | 'adminAccount'
  | 'vendorAccount'
  | 'customerAccount'
  | 'refreshFamily'
  | 'staffPin'
  | 'posTerminal'
  | 'revocation'
  | 'oAuthPayload'
  | '$queryRaw'
>;
type FamilyTx = Pick<PrismaClient, 'refreshFamily'>;

/**
 * Revokes the live sessions `where` selects and names each for the feed: a token carries its
 * session's id (`sid`), so even one issued in the very second of the change is refused by it.
 */
export async function endFamilies(
  tx: FamilyTx,
  where: { role?: string; accountId?: string; terminalId?: string | { not: null; notIn: string[] } },
  now: Date,
): Promise<Revoked[]> {
  // One statement ends them (as many as are live when it runs); then the ones it ended are read back.
  const ended = await tx.refreshFamily.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
  if (ended.count === 0) return [];
  const families = await tx.refreshFamily.findMany({ where: { ...where, revokedAt: now }, select: { id: true } });
  return families.map((family) => ({ kind: 'session', subject: family.id }));
}

/** Ends every grant the account gave an app, with its codes and tokens; the grants, for the feed. */
async function endGrantsOf(tx: Pick<Tx, 'oAuthPayload'>, accountId: string): Promise<Revoked[]> {
  const grants = await tx.oAuthPayload.findMany({ where: { kind: 'Grant', accountId }, select: { id: true } });
  await tx.oAuthPayload.deleteMany({ where: { accountId } });
  return endGrantRows(
    tx,
    grants.map((grant) => grant.id),
  );
}

/** Applies `change` to the account and ends all its sessions; false when no such account exists. */
export async function endEverySession(
  tx: Tx,
  role: Role,
  accountId: string,
  now: Date,
  change: { passwordHash?: string; disabledAt?: Date | null } = {},
) {
  const data = { ...change, tokenVersion: { increment: 1 } };
  const accounts = { admin: tx.adminAccount, vendor: tx.vendorAccount, customer: tx.customerAccount }[
    role
  ] as Tx['adminAccount'];
  const updated = await accounts.updateMany({ where: { id: accountId }, data });
  const sessions = await endFamilies(tx, { role, accountId }, now);
  if (role === 'vendor') await tx.staffPin.deleteMany({ where: { accountId } });
  // The apps the person authorized lose their grants, codes and refresh tokens, each grant named for
  // the feed as sessions are (an app's token of this very second is refused by its `sid`).
  const grants = role === 'admin' ? [] : await endGrantsOf(tx, accountId);
  await recordAuthChange(tx, [{ kind: 'account', subject: accountId }, ...sessions, ...grants], now);
  return updated.count === 1;
}

/**
 * Ends the PIN sessions an employee holds on terminals of stores it no longer works in (its stores
 * were edited): a cashier taken off a store leaves its tills at once, refresh and access tokens
 * alike. Owners work in every store of their business and keep theirs. The caller moves the change
 * counter in the same transaction, with the sessions returned.
 */
export async function endPinSessionsOffStores(tx: Tx, accountId: string, now: Date): Promise<Revoked[]> {
  const account = await tx.vendorAccount.findUnique({ where: { id: accountId }, select: { vendorType: true } });
  if (!account || account.vendorType === 'owner') return [];
  const tills = await tx.posTerminal.findMany({
    where: { store: { assignments: { some: { accountId } } } },
    select: { id: true },
  });
  return endFamilies(
    tx,
    { role: 'vendor', accountId, terminalId: { not: null, notIn: tills.map((till) => till.id) } },
    now,
  );
}

// Customers' linked OpenID identities and the provider flows under way, in Prisma (the core's
// IdentityRepository). A flow is spent by deleting its row, so of two callbacks with one state one wins;
// an unlink judges the ways to sign in left inside its own serializable transaction.
import type { IdentityRecord, IdentityRepository, OidcFlowRecord, SignInMethods } from '@/core/identity-ports';
import type { PrismaClient } from './prisma';
import { auditIn } from './audit-repository';
import { recordAuthChange } from './auth-changes';
import { customerRecord, isUniqueViolation } from './records';
import { serializable, type Tx } from './serializable';

/** A customer's ways to sign in as the transaction `tx` sees them (after its own removal). */
export async function signInMethodsIn(tx: Tx, accountId: string): Promise<SignInMethods> {
  const account = await tx.customerAccount.findUnique({ where: { id: accountId }, select: { passwordHash: true } });
  const identities = await tx.customerIdentity.count({ where: { accountId } });
  const passkeys = await tx.passkey.count({ where: { role: 'customer', accountId } });
  return { password: Boolean(account?.passwordHash), identities, passkeys };
}

type Row = Awaited<ReturnType<PrismaClient['customerIdentity']['findMany']>>[number];

const identityOf = (row: Row): IdentityRecord => ({
  id: row.id,
  accountId: row.accountId,
  provider: row.provider,
  issuer: row.issuer,
  subject: row.subject,
  email: row.email,
  linkedAt: row.linkedAt,
});

/** The flow, unless it is a spent native-app nonce kept under the same table. */
const flowOf = (row: Awaited<ReturnType<PrismaClient['oidcFlow']['findMany']>>[number]): OidcFlowRecord | null =>
  row.purpose === 'sign_in' || row.purpose === 'link' ? { ...row, purpose: row.purpose } : null;

export function createIdentityRepository(prisma: PrismaClient): IdentityRepository {
  /** A unique violation is the answer "linked already" (or "address taken meanwhile"); anything else is a fault. */
  async function unlessTaken<T>(work: () => Promise<T>, taken: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) return taken;
      throw error;
    }
  }

  return {
    async saveFlow(flow) {
      await prisma.oidcFlow.create({ data: flow });
    },

    async spendFlow(state, now) {
      const row = await prisma.oidcFlow.findUnique({ where: { state } });
      if (!row || row.expiresAt <= now || !flowOf(row)) return null;
      const spent = await prisma.oidcFlow.deleteMany({ where: { state, expiresAt: { gt: now } } });
      return spent.count === 1 ? flowOf(row) : null;
    },

    spendNonce: (key, provider, expiresAt) =>
      unlessTaken(async () => {
        await prisma.oidcFlow.create({
          data: {
            state: key,
            provider,
            purpose: 'spent_nonce',
            nonce: '',
            codeVerifier: '',
            redirectUri: '',
            expiresAt,
          },
        });
        return true;
      }, false),

    async find(issuer, subject) {
      const row = await prisma.customerIdentity.findUnique({ where: { issuer_subject: { issuer, subject } } });
      return row ? identityOf(row) : null;
    },

    async listOf(accountId) {
      const rows = await prisma.customerIdentity.findMany({
        where: { accountId },
        orderBy: [{ linkedAt: 'asc' }, { id: 'asc' }],
      });
      return rows.map(identityOf);
    },

    link: (identity, audit) =>
      unlessTaken(
        () =>
          prisma.$transaction(async (tx) => {
            await tx.customerIdentity.create({ data: identity });
            await auditIn(tx, audit, identity.linkedAt);
            return true;
          }),
        false,
      ),

    createOrClaim: ({ email, name, unverified, identity }, audit) =>
      unlessTaken(
        () =>
          prisma.$transaction(async (tx) => {
            const now = identity.linkedAt;
            let row;
            if (unverified) {
              // The registration's password may be a stranger's: it is discarded as the address is proved.
              const claimed = await tx.customerAccount.updateMany({
                where: { id: unverified, email, emailVerifiedAt: null },
                data: { emailVerifiedAt: now, passwordHash: '' },
              });
              if (claimed.count !== 1) return null;
              row = await tx.customerAccount.findUniqueOrThrow({ where: { id: unverified } });
            } else {
              row = await tx.customerAccount.create({ data: { email, name, passwordHash: '', emailVerifiedAt: now } });
            }
            await tx.customerIdentity.create({ data: { ...identity, accountId: row.id } });
            const account = customerRecord(row);
            for (const entry of audit(account)) await auditIn(tx, entry, now, account.id);
            await recordAuthChange(tx);
            return account;
          }),
        null,
      ),

    async recordUse(id, now) {
      await prisma.customerIdentity.updateMany({ where: { id }, data: { lastUsedAt: now } });
    },

    unlink: (accountId, id, audit, now, keeps) =>
      serializable(prisma, async (tx) => {
        const removed = await tx.customerIdentity.deleteMany({ where: { id, accountId } });
        if (removed.count !== 1) return false;
        keeps(await signInMethodsIn(tx, accountId));
        await auditIn(tx, audit, now);
        return true;
      }),
  };
}

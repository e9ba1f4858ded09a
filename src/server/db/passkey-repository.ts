// Passkeys and WebAuthn challenges in Prisma (the core's PasskeyRepository).
import type { PasskeyRecord, PasskeyRepository } from '@/core/factor-ports';
import type { Role } from '@/contract/auth-schemas';
import type { PrismaClient } from './prisma';
import { auditIn } from './audit-repository';
import { recordAuthChange } from './auth-changes';
import { signInMethodsIn } from './identity-repository';
import { isUniqueViolation } from './records';
import { serializable } from './serializable';

type Row = Awaited<ReturnType<PrismaClient['passkey']['findMany']>>[number];

const passkeyOf = (row: Row): PasskeyRecord => ({
  id: row.id,
  role: row.role as Role,
  accountId: row.accountId,
  name: row.name,
  publicKey: row.publicKey,
  counter: row.counter,
  transports: row.transports ? row.transports.split(',') : [],
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

export function createPasskeyRepository(prisma: PrismaClient): PasskeyRepository {
  return {
    async saveChallenge(input) {
      await prisma.webAuthnChallenge.create({ data: input });
    },

    async spendChallenge({ challenge, role, purpose, accountId, now }) {
      // Deleting is the spending: of two requests with one challenge, one deletes the row.
      const spent = await prisma.webAuthnChallenge.deleteMany({
        where: { challenge, role, purpose, accountId, expiresAt: { gt: now } },
      });
      return spent.count === 1;
    },

    async add(passkey, audit) {
      try {
        await prisma.$transaction(async (tx) => {
          await tx.passkey.create({ data: { ...passkey, transports: passkey.transports.join(',') } });
          await recordAuthChange(tx); // the profile's factor summary changed
          await auditIn(tx, audit, passkey.createdAt);
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async find(role, id) {
      const row = await prisma.passkey.findUnique({ where: { id } });
      return row && row.role === role ? passkeyOf(row) : null;
    },

    async listOf(role, accountId) {
      const rows = await prisma.passkey.findMany({
        where: { role, accountId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return rows.map(passkeyOf);
    },

    async recordUse(id, from, counter, now) {
      const used = await prisma.passkey.updateMany({
        where: { id, counter: from },
        data: { counter, lastUsedAt: now },
      });
      return used.count === 1;
    },

    async rename(role, accountId, id, name) {
      const renamed = await prisma.passkey.updateMany({ where: { id, role, accountId }, data: { name } });
      const row = renamed.count === 1 ? await prisma.passkey.findUnique({ where: { id } }) : null;
      return row ? passkeyOf(row) : null;
    },

    async remove(role, accountId, id, audit, now, keeps) {
      return serializable(prisma, async (tx) => {
        const removed = await tx.passkey.deleteMany({ where: { id, role, accountId } });
        if (removed.count !== 1) return false;
        if (keeps) keeps(await signInMethodsIn(tx, accountId));
        await recordAuthChange(tx);
        await auditIn(tx, audit, now);
        return true;
      });
    },
  };
}

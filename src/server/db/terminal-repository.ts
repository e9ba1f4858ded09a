// POS terminals in Prisma: pairing codes, device credentials and staff PINs (the core's TerminalRepository).
import { Prisma, type PrismaClient } from '@/generated/prisma/postgresql/client';
import type { TerminalInfo, TerminalRepository } from '@/core/terminal-ports';
import { auditIn } from './audit-repository';
import { recordAuthChange } from './auth-changes';
import { endFamilies } from './end-sessions';

const terminalSelect = { id: true, name: true, storeId: true, store: { select: { vendorId: true } } } as const;
const terminalInfo = (row: {
  id: string;
  name: string;
  storeId: string;
  store: { vendorId: string };
}): TerminalInfo => ({
  id: row.id,
  name: row.name,
  storeId: row.storeId,
  vendorId: row.store.vendorId,
});

type Tx = Pick<PrismaClient, 'terminalCredential' | 'refreshFamily' | 'revocation' | '$queryRaw'>;

/** The PIN lock lifted: the account's failed PIN count back to 0 (alone, or among a sign-in's writes). */
export const liftPinLock = (accountId: string) =>
  Prisma.sql`UPDATE "StaffPin" SET "failures" = 0 WHERE "accountId" = ${accountId} AND "failures" > 0`;

/** Every session started on the terminal ends: its credential changed hands or went away. */
async function endTerminalSessions(tx: Tx, terminalId: string, now: Date) {
  const sessions = await endFamilies(tx, { terminalId }, now);
  await recordAuthChange(tx, [{ kind: 'terminal', subject: terminalId }, ...sessions], now);
}

export function createTerminalRepository(prisma: PrismaClient): TerminalRepository {
  return {
    async findTerminal(id) {
      const row = await prisma.posTerminal.findUnique({ where: { id }, select: terminalSelect });
      return row && terminalInfo(row);
    },

    async createPairingCode({ codeHash, terminalId, expiresAt }) {
      await prisma.pairingCode.create({ data: { codeHash, terminalId, expiresAt } });
    },

    // The conditional update decides: of two devices sending one code at once, one gets count 1.
    async spendPairingCode(codeHash, now) {
      const spent = await prisma.pairingCode.updateMany({
        where: { codeHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (spent.count !== 1) return null;
      const row = await prisma.pairingCode.findUnique({ where: { codeHash }, select: { terminalId: true } });
      return row?.terminalId ?? null;
    },

    async replaceCredential(terminalId, tokenHash, now, audit) {
      await prisma.$transaction(async (tx) => {
        await tx.terminalCredential.upsert({
          where: { terminalId },
          create: { terminalId, tokenHash, pairedAt: now },
          update: { tokenHash, pairedAt: now },
        });
        await endTerminalSessions(tx, terminalId, now);
        await auditIn(tx, audit, now);
      });
    },

    async revokeCredential(terminalId, now, auditOf) {
      return prisma.$transaction(async (tx) => {
        const removed = await tx.terminalCredential.deleteMany({ where: { terminalId } });
        await endTerminalSessions(tx, terminalId, now);
        await auditIn(tx, auditOf?.(removed.count === 1), now);
        return removed.count === 1;
      });
    },

    async findByCredential(tokenHash) {
      const row = await prisma.terminalCredential.findUnique({
        where: { tokenHash },
        select: { terminalId: true, pairedAt: true },
      });
      if (!row) return null;
      const terminal = await prisma.posTerminal.findUnique({ where: { id: row.terminalId }, select: terminalSelect });
      return terminal && { terminal: terminalInfo(terminal), pairedAt: row.pairedAt };
    },

    async pairedAt(terminalId) {
      const row = await prisma.terminalCredential.findUnique({ where: { terminalId }, select: { pairedAt: true } });
      return row?.pairedAt ?? null;
    },

    async staffAt(terminal) {
      const accounts = await prisma.vendorAccount.findMany({
        where: {
          vendorId: terminal.vendorId,
          disabledAt: null,
          OR: [{ vendorType: 'owner' }, { storeAssignments: { some: { storeId: terminal.storeId } } }],
        },
        select: { id: true, name: true },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      });
      const pins = await prisma.staffPin.findMany({
        where: { accountId: { in: accounts.map((a) => a.id) } },
        select: { accountId: true },
      });
      const withPin = new Set(pins.map((p) => p.accountId));
      return accounts.filter((a) => withPin.has(a.id)).map((a) => ({ accountId: a.id, name: a.name }));
    },

    findPin: (accountId) =>
      prisma.staffPin.findUnique({ where: { accountId }, select: { pinHash: true, failures: true } }),

    async setPin(accountId, pinHash) {
      await prisma.staffPin.upsert({
        where: { accountId },
        create: { accountId, pinHash },
        update: { pinHash, failures: 0 },
      });
    },

    async clearPin(accountId) {
      return (await prisma.staffPin.deleteMany({ where: { accountId } })).count === 1;
    },

    async recordPinFailure(accountId) {
      // updateMany: a PIN cleared meanwhile is no error, just nothing left to count on.
      await prisma.staffPin.updateMany({ where: { accountId }, data: { failures: { increment: 1 } } });
      return (await prisma.staffPin.findUnique({ where: { accountId }, select: { failures: true } }))?.failures ?? 0;
    },

    async resetPinFailures(accountId) {
      await prisma.$executeRaw(liftPinLock(accountId));
    },
  };
}

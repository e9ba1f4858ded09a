// Accounts, businesses, stores and terminals in Prisma: the core's AccountRepository.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import { AuthError } from '@/core/errors';
import type { AccountRecord, AccountRepository } from '@/core/ports';
import type { Role } from '@/core/schemas';
import { adminRecord, isUniqueViolation, vendorRecord } from './records';

const vendorInclude = { vendor: { select: { id: true, name: true } } } as const;

async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AuthError('conflict', 'An account with that e-mail already exists.');
    throw error;
  }
}

export function createAccountRepository(prisma: PrismaClient): AccountRepository {
  // Ending every session of an account and refusing its access tokens are one step.
  async function endSessions(tx: Pick<PrismaClient, 'refreshFamily'>, role: Role, accountId: string, now: Date) {
    await tx.refreshFamily.updateMany({ where: { role, accountId, revokedAt: null }, data: { revokedAt: now } });
  }

  async function updateAccount(role: Role, id: string, data: { passwordHash?: string; disabledAt?: Date | null }, now: Date, endAll: boolean) {
    await prisma.$transaction(async (tx) => {
      const change = { ...data, ...(endAll ? { tokenVersion: { increment: 1 } } : {}) };
      if (role === 'admin') await tx.adminAccount.update({ where: { id }, data: change });
      else await tx.vendorAccount.update({ where: { id }, data: change });
      if (endAll) await endSessions(tx, role, id, now);
    });
  }

  return {
    async findByEmail(role, email) {
      if (role === 'admin') {
        const row = await prisma.adminAccount.findUnique({ where: { email } });
        return row && adminRecord(row);
      }
      const row = await prisma.vendorAccount.findUnique({ where: { email }, include: vendorInclude });
      return row && vendorRecord(row);
    },

    async findById(role, id) {
      if (role === 'admin') {
        const row = await prisma.adminAccount.findUnique({ where: { id } });
        return row && adminRecord(row);
      }
      const row = await prisma.vendorAccount.findUnique({ where: { id }, include: vendorInclude });
      return row && vendorRecord(row);
    },

    replacePassword: (role, id, passwordHash, now) => updateAccount(role, id, { passwordHash }, now, true),

    setDisabled: (role, id, disabled, now) => updateAccount(role, id, { disabledAt: disabled ? now : null }, now, disabled),

    async storesFor(account: AccountRecord) {
      const vendorId = account.vendor?.id ?? '';
      const where =
        account.type === 'owner' ? { vendorId } : { vendorId, assignments: { some: { accountId: account.id } } };
      const stores = await prisma.store.findMany({
        where,
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        select: { id: true, vendorId: true, name: true, terminals: { select: { id: true, storeId: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] } },
      });
      return {
        stores: stores.map(({ terminals: _t, ...store }) => store),
        terminals: stores.flatMap((s) => s.terminals),
      };
    },

    countAdmins: () => prisma.adminAccount.count(),

    createAdmin: (input) =>
      uniqueEmail(async () =>
        adminRecord(
          await prisma.adminAccount.create({
            data: { email: input.email, name: input.name, adminType: input.adminType, modules: input.modules, passwordHash: input.passwordHash },
          }),
        ),
      ),

    createVendor: (name) => prisma.vendor.create({ data: { name }, select: { id: true, name: true } }),

    findVendor: (id) => prisma.vendor.findUnique({ where: { id }, select: { id: true, name: true } }),

    createVendorAccount: (input) =>
      uniqueEmail(async () =>
        vendorRecord(
          await prisma.vendorAccount.create({
            data: {
              vendorId: input.vendorId,
              email: input.email,
              name: input.name,
              vendorType: input.vendorType,
              modules: input.modules,
              modulePermissions: input.modulePermissions,
              passwordHash: input.passwordHash,
              storeAssignments: { create: input.storeIds.map((storeId) => ({ storeId })) },
            },
            include: vendorInclude,
          }),
        ),
      ),

    createStore: (vendorId, name) => prisma.store.create({ data: { vendorId, name }, select: { id: true, vendorId: true, name: true } }),

    findStore: (id) => prisma.store.findUnique({ where: { id }, select: { id: true, vendorId: true, name: true } }),

    createTerminal: (storeId, name) => prisma.posTerminal.create({ data: { storeId, name }, select: { id: true, storeId: true, name: true } }),
  };
}

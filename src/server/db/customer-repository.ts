// Customer accounts in Prisma: the changes only customers make, and the administrators' list. Each
// change to what the token routes answer moves the change counter in its transaction.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { CustomerRepository } from '@/core/customer-ports';
import type { PageRequest } from '@/core/ports';
import type { Dialect } from './dialect';
import { auditIn } from './audit-repository';
import { recordAuthChange } from './auth-changes';
import { endEverySession } from './end-sessions';
import { postgresSearchPage, sqliteSearchPage, walkedPage } from './customer-search';
import { customerSample } from './customer-search-trigrams';
import { PAGE_ORDER, pageArgs } from './keyset';
import { customerRecord, isUniqueViolation } from './records';

export function createCustomerRepository(prisma: PrismaClient, dialect: Dialect): CustomerRepository {
  // The admin's search: customer-search.ts.
  const sample = customerSample(prisma);
  const searchPage = async (query: string, page: PageRequest) =>
    dialect === 'sqlite'
      ? sqliteSearchPage(prisma, query, page)
      : ((await walkedPage(prisma, query, page)) ?? postgresSearchPage(prisma, query, page, await sample()));
  return {
    async saveUnverified({ email, name, passwordHash }) {
      try {
        const pending = await prisma.customerAccount.updateMany({
          where: { email, emailVerifiedAt: null },
          data: { name, passwordHash },
        });
        if (pending.count === 0) await prisma.customerAccount.create({ data: { email, name, passwordHash } });
      } catch (error) {
        // Two registrations of one new address at once: the other created it; ours replaces its details.
        if (!isUniqueViolation(error)) throw error;
        await prisma.customerAccount.updateMany({
          where: { email, emailVerifiedAt: null },
          data: { name, passwordHash },
        });
      }
      const row = await prisma.customerAccount.findUnique({ where: { email } });
      return row && row.emailVerifiedAt === null ? customerRecord(row) : null;
    },

    markVerified: (id, now, discardPassword, audit) =>
      prisma.$transaction(async (tx) => {
        const data = { emailVerifiedAt: now, ...(discardPassword ? { passwordHash: '' } : {}) };
        const marked = await tx.customerAccount.updateMany({ where: { id, emailVerifiedAt: null }, data });
        if (marked.count === 1) await Promise.all([auditIn(tx, audit, now), recordAuthChange(tx)]);
        return marked.count === 1;
      }),

    async rename(id, name, now, audit) {
      await prisma.$transaction(async (tx) => {
        await tx.customerAccount.update({ where: { id }, data: { name } });
        await recordAuthChange(tx);
        await auditIn(tx, audit, now);
      });
    },

    async changeEmail(id, email, now, audit) {
      try {
        await prisma.$transaction(async (tx) => {
          // An unverified registration of the address yields to the customer who proved it.
          await tx.customerAccount.deleteMany({ where: { email, emailVerifiedAt: null, NOT: { id } } });
          await tx.customerAccount.update({ where: { id }, data: { email } });
          await recordAuthChange(tx);
          await auditIn(tx, audit, now);
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async remove(id, now, audit) {
      await prisma.$transaction(async (tx) => {
        await endEverySession(tx, 'customer', id, now);
        await tx.passwordResetCode.deleteMany({ where: { role: 'customer', accountId: id } });
        await tx.passwordResetGrant.updateMany({
          where: { role: 'customer', accountId: id, usedAt: null },
          data: { usedAt: now },
        });
        await tx.knownDevice.deleteMany({ where: { role: 'customer', accountId: id } });
        await tx.customerIdentity.deleteMany({ where: { accountId: id } });
        await tx.passkey.deleteMany({ where: { role: 'customer', accountId: id } });
        await tx.customerAccount.deleteMany({ where: { id } });
        await auditIn(tx, audit, now);
      });
    },

    async list(query, page) {
      const rows = query
        ? await prisma.customerAccount.findMany({
            where: { id: { in: await searchPage(query, page) } },
            orderBy: PAGE_ORDER,
          })
        : await prisma.customerAccount.findMany(pageArgs({}, page));
      return rows.map(customerRecord);
    },
  };
}

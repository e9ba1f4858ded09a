// Accounts, businesses, stores and terminals in Prisma: the core's AccountRepository.
import { Prisma, type PrismaClient } from '@/generated/prisma/postgresql/client';
import { AuthError } from '@/core/auth-error';
import type {
  AccountRecord,
  AccountRepository,
  NewAdmin,
  NewVendorAccount,
  StoreRecord,
  TerminalRecord,
} from '@/core/ports';
import type { Tx } from './audited-change';
import type { Role } from '@/contract/auth-schemas';
import { spendOutstandingResets } from './spend-resets';
import { adminRecord, customerRecord, isUniqueViolation, vendorRecord } from './records';
import { endEverySession } from './end-sessions';
import { recordAuthChange } from './auth-changes';
import { auditIn } from './audit-repository';
import type { AuditEntry } from '@/core/audit-ports';

const vendorInclude = { vendor: { select: { id: true, name: true } } } as const;

// The reads every vendor request makes (authenticate, login, refresh, context) as single joined,
// indexed queries: Prisma's `include` sends one query per relation, and each costs more CPU in
// the query compiler than the database spends answering it. Plain SQL that reads the same on
// SQLite and PostgreSQL; the driver adapters type the columns (Json parsed, DateTime as Date).
interface VendorAccountRow {
  id: string;
  email: string;
  name: string;
  locale: string | null;
  vendorType: string;
  modules: unknown;
  modulePermissions: unknown;
  passwordHash: string;
  tokenVersion: number;
  disabledAt: Date | null;
  vendorId: string;
  vendorName: string;
}

const VENDOR_ACCOUNT = Prisma.sql`SELECT a."id", a."email", a."name", a."locale", a."vendorType", a."modules", a."modulePermissions",
  a."passwordHash", a."tokenVersion", a."disabledAt", v."id" AS "vendorId", v."name" AS "vendorName"
  FROM "VendorAccount" a JOIN "Vendor" v ON v."id" = a."vendorId"`;

const vendorAccountOf = (rows: VendorAccountRow[]) => {
  const row = rows[0];
  return row ? vendorRecord({ ...row, vendor: { id: row.vendorId, name: row.vendorName } }) : null;
};

type StoreTerminalRow = StoreRecord & { terminalId: string | null; terminalName: string | null };

// A store without terminals comes back once, with null terminal columns.
const STORES_WITH_TERMINALS = Prisma.sql`SELECT s."id", s."vendorId", s."name", t."id" AS "terminalId", t."name" AS "terminalName"
  FROM "Store" s LEFT JOIN "PosTerminal" t ON t."storeId" = s."id"`;
const STORE_ORDER = Prisma.sql`ORDER BY s."name", s."id", t."name", t."id"`;

function storesAndTerminals(rows: StoreTerminalRow[]) {
  const stores: StoreRecord[] = [];
  const terminals: TerminalRecord[] = [];
  for (const row of rows) {
    if (stores.at(-1)?.id !== row.id) stores.push({ id: row.id, vendorId: row.vendorId, name: row.name });
    if (row.terminalId !== null) terminals.push({ id: row.terminalId, storeId: row.id, name: row.terminalName ?? '' });
  }
  return { stores, terminals };
}

/** A new admin and its audit event inside the transaction `tx`. */
export async function insertAdmin(tx: Tx, input: NewAdmin, audit?: AuditEntry): Promise<AccountRecord> {
  const row = await tx.adminAccount.create({
    data: {
      email: input.email,
      name: input.name,
      adminType: input.adminType,
      modules: input.modules,
      passwordHash: input.passwordHash,
    },
  });
  await auditIn(tx, audit, row.createdAt, row.id);
  return adminRecord(row);
}

/** A new vendor account, its store assignments and its audit event inside the transaction `tx`. */
export async function insertVendorAccount(tx: Tx, input: NewVendorAccount, audit?: AuditEntry): Promise<AccountRecord> {
  const row = await tx.vendorAccount.create({
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
  });
  await auditIn(tx, audit, row.createdAt, row.id);
  return vendorRecord(row);
}

/** A unique e-mail taken (by a concurrent create) is 409 conflict. */
export async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AuthError('conflict', 'An account with that e-mail already exists.');
    throw error;
  }
}

export function createAccountRepository(prisma: PrismaClient): AccountRepository {
  type Change = { passwordHash?: string; disabledAt?: Date | null; locale?: string };
  async function updateAccount(role: Role, id: string, data: Change, now: Date, endAll: boolean, audit?: AuditEntry) {
    await prisma.$transaction(async (tx) => {
      if (endAll) await endEverySession(tx, role, id, now, data);
      else if (role === 'admin') await tx.adminAccount.update({ where: { id }, data });
      else if (role === 'customer') await tx.customerAccount.update({ where: { id }, data });
      else await tx.vendorAccount.update({ where: { id }, data });
      if (!endAll) await recordAuthChange(tx);
      if (data.passwordHash) await spendOutstandingResets(tx, role, id, now);
      await auditIn(tx, audit, now);
    });
  }

  return {
    async findByEmail(role, email) {
      if (role === 'customer') {
        const row = await prisma.customerAccount.findUnique({ where: { email } });
        return row && customerRecord(row);
      }
      if (role === 'admin') {
        const row = await prisma.adminAccount.findUnique({ where: { email } });
        return row && adminRecord(row);
      }
      return vendorAccountOf(await prisma.$queryRaw<VendorAccountRow[]>`${VENDOR_ACCOUNT} WHERE a."email" = ${email}`);
    },

    async findById(role, id) {
      if (role === 'customer') {
        const row = await prisma.customerAccount.findUnique({ where: { id } });
        return row && customerRecord(row);
      }
      if (role === 'admin') {
        const row = await prisma.adminAccount.findUnique({ where: { id } });
        return row && adminRecord(row);
      }
      return vendorAccountOf(await prisma.$queryRaw<VendorAccountRow[]>`${VENDOR_ACCOUNT} WHERE a."id" = ${id}`);
    },

    replacePassword: (role, id, passwordHash, now, audit) =>
      updateAccount(role, id, { passwordHash }, now, true, audit),

    async upgradePasswordHash(role, id, from, to) {
      const where = { id, passwordHash: from };
      if (role === 'admin') await prisma.adminAccount.updateMany({ where, data: { passwordHash: to } });
      else if (role === 'customer') await prisma.customerAccount.updateMany({ where, data: { passwordHash: to } });
      else await prisma.vendorAccount.updateMany({ where, data: { passwordHash: to } });
    },

    setLocale: (role, id, locale, now, audit) => updateAccount(role, id, { locale }, now, false, audit),

    setDisabled: (role, id, disabled, now, audit) =>
      updateAccount(role, id, { disabledAt: disabled ? now : null }, now, disabled, audit),

    // Owners work in every store of the business; employees in the stores assigned to them.
    async storesFor(account: AccountRecord) {
      const vendorId = account.vendor?.id ?? '';
      const rows =
        account.type === 'owner'
          ? await prisma.$queryRaw<
              StoreTerminalRow[]
            >`${STORES_WITH_TERMINALS} WHERE s."vendorId" = ${vendorId} ${STORE_ORDER}`
          : await prisma.$queryRaw<StoreTerminalRow[]>`${STORES_WITH_TERMINALS} WHERE s."vendorId" = ${vendorId}
              AND EXISTS (SELECT 1 FROM "StoreAssignment" sa WHERE sa."storeId" = s."id" AND sa."accountId" = ${account.id}) ${STORE_ORDER}`;
      return storesAndTerminals(rows);
    },

    countAdmins: () => prisma.adminAccount.count(),

    createAdmin: (input, audit) => uniqueEmail(() => prisma.$transaction((tx) => insertAdmin(tx, input, audit))),

    createVendor: (name) => prisma.vendor.create({ data: { name }, select: { id: true, name: true } }),

    findVendor: (id) => prisma.vendor.findUnique({ where: { id }, select: { id: true, name: true } }),

    createVendorAccount: (input, audit) =>
      uniqueEmail(() => prisma.$transaction((tx) => insertVendorAccount(tx, input, audit))),

    // A new store or terminal changes the vendor context its business's accounts are answered.
    createStore: (vendorId, name) =>
      prisma.$transaction(async (tx) => {
        await recordAuthChange(tx);
        return tx.store.create({ data: { vendorId, name }, select: { id: true, vendorId: true, name: true } });
      }),

    findStore: (id) => prisma.store.findUnique({ where: { id }, select: { id: true, vendorId: true, name: true } }),

    createTerminal: (storeId, name) =>
      prisma.$transaction(async (tx) => {
        await recordAuthChange(tx);
        return tx.posTerminal.create({ data: { storeId, name }, select: { id: true, storeId: true, name: true } });
      }),
  };
}

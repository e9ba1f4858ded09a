// Listing and changing accounts, businesses and stores in Prisma: the core's AdministrationRepository.
import { auditIn } from './audit-repository';
import { endEverySession, endPinSessionsOffStores } from './end-sessions';
import { recordAuthChange, type Revoked } from './auth-changes';
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { AdministrationRepository, ManagedAccount } from '@/core/ports';
import type { Role } from '@/contract/auth-schemas';
import { pageArgs } from './keyset';
import { adminRecord, vendorRecord } from './records';
import { serializable } from './serializable';

const vendorInclude = {
  vendor: { select: { id: true, name: true } },
  storeAssignments: { select: { storeId: true }, orderBy: { storeId: 'asc' as const } },
} as const;

type AdminRow = Parameters<typeof adminRecord>[0] & { createdAt: Date };
type VendorRow = Parameters<typeof vendorRecord>[0] & { createdAt: Date; storeAssignments: { storeId: string }[] };

// The hash is read with the row but never leaves this file.
function managedAdmin(row: AdminRow): ManagedAccount {
  const { passwordHash: _hash, ...account } = adminRecord(row);
  return { ...account, createdAt: row.createdAt, storeIds: [] };
}

function managedVendor(row: VendorRow): ManagedAccount {
  const { passwordHash: _hash, ...account } = vendorRecord(row);
  return { ...account, createdAt: row.createdAt, storeIds: row.storeAssignments.map((a) => a.storeId) };
}

export function createAdministrationRepository(prisma: PrismaClient): AdministrationRepository {
  async function findManaged(role: Role, id: string) {
    if (role === 'admin') {
      const row = await prisma.adminAccount.findUnique({ where: { id } });
      return row && managedAdmin(row);
    }
    const row = await prisma.vendorAccount.findUnique({ where: { id }, include: vendorInclude });
    return row && managedVendor(row);
  }

  return {
    findManaged,

    listAdmins: async (page) => (await prisma.adminAccount.findMany(pageArgs({}, page))).map(managedAdmin),

    updateAdmin: (id, change, now, audit) =>
      serializable(prisma, async (tx) => {
        const before = await tx.adminAccount.findUnique({ where: { id } });
        if (!before) return null;
        const wasSuper = before.adminType === 'super_admin' && before.disabledAt === null;
        const staysSuper =
          (change.adminType ?? before.adminType) === 'super_admin' && !(change.disabled ?? before.disabledAt !== null);
        if (wasSuper && !staysSuper) {
          const others = await tx.adminAccount.count({
            where: { adminType: 'super_admin', disabledAt: null, id: { not: id } },
          });
          if (others === 0) return 'last_super_admin' as const;
        }
        const row = await tx.adminAccount.update({
          where: { id },
          data: {
            name: change.name,
            adminType: change.adminType,
            modules: change.modules,
            ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? now : null }),
          },
        });
        if (change.disabled) await endEverySession(tx, 'admin', id, now);
        await recordAuthChange(tx); // the profile and vendor context the token routes answer
        await auditIn(tx, audit, now);
        return managedAdmin(row);
      }),

    updateEmployee: (id, change, now, audit) =>
      prisma.$transaction(async (tx) => {
        if (!(await tx.vendorAccount.findUnique({ where: { id }, select: { id: true } }))) return null;
        let ended: Revoked[] = [];
        if (change.storeIds) {
          await tx.storeAssignment.deleteMany({ where: { accountId: id } });
          await tx.storeAssignment.createMany({ data: change.storeIds.map((storeId) => ({ accountId: id, storeId })) });
          ended = await endPinSessionsOffStores(tx, id, now);
        }
        const row = await tx.vendorAccount.update({
          where: { id },
          data: { name: change.name, modules: change.modules, modulePermissions: change.modulePermissions },
          include: vendorInclude,
        });
        await recordAuthChange(tx, ended, now); // the profile and vendor context the token routes answer
        await auditIn(tx, audit, now);
        return managedVendor(row);
      }),

    listVendors: (page) =>
      prisma.vendor.findMany({ ...pageArgs({}, page), select: { id: true, name: true, createdAt: true } }),

    listVendorAccounts: async (vendorId, page) =>
      (await prisma.vendorAccount.findMany({ ...pageArgs({ vendorId }, page), include: vendorInclude })).map(
        managedVendor,
      ),

    listStores: async (vendorId, page) => {
      const stores = await prisma.store.findMany({
        ...pageArgs({ vendorId }, page),
        select: {
          id: true,
          vendorId: true,
          name: true,
          createdAt: true,
          terminals: {
            select: { id: true, storeId: true, name: true },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          },
        },
      });
      // A device credential is the pairing; one look-up by primary key for the page's terminals.
      const terminalIds = stores.flatMap((s) => s.terminals.map((t) => t.id));
      const credentials = terminalIds.length
        ? await prisma.terminalCredential.findMany({
            where: { terminalId: { in: terminalIds } },
            select: { terminalId: true },
          })
        : [];
      const paired = new Set(credentials.map((c) => c.terminalId));
      return stores.map((s) => ({ ...s, terminals: s.terminals.map((t) => ({ ...t, paired: paired.has(t.id) })) }));
    },
  };
}

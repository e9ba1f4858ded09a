// The devices accounts signed in from and the new-device mails' links, in Prisma: the core's
// NewDeviceRepository. A sign-in records its device with its session (session-start.ts).
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { NewDeviceNotice, NewDeviceRepository } from '@/core/new-device-ports';
import type { Role } from '@/contract/auth-schemas';

const NOTICE = {
  tokenHash: true,
  role: true,
  accountId: true,
  deviceKey: true,
  familyId: true,
  createdAt: true,
  expiresAt: true,
} as const;

export function createNewDeviceRepository(prisma: PrismaClient): NewDeviceRepository {
  return {
    async history({ role, accountId, deviceKey, familyId, at }) {
      const [device, earlierDevice, earlierFamily] = await Promise.all([
        prisma.signInDevice.findUnique({
          where: { role_accountId_deviceKey: { role, accountId, deviceKey } },
          select: { firstFamilyId: true },
        }),
        prisma.signInDevice.findFirst({
          where: { role, accountId, firstSeenAt: { lt: at }, firstFamilyId: { not: familyId } },
          select: { deviceKey: true },
        }),
        // Sign-ins from before devices were recorded count too; a family's start is in whole seconds.
        prisma.refreshFamily.findFirst({
          where: {
            role,
            accountId,
            id: { not: familyId },
            terminalId: null,
            createdAt: { lt: new Date(Math.floor(at.getTime() / 1000) * 1000) },
          },
          select: { id: true },
        }),
      ]);
      return {
        seen: device !== null && device.firstFamilyId !== familyId,
        earlierSignIn: earlierDevice !== null || earlierFamily !== null,
      };
    },

    async noticedSince(role, accountId, deviceKey, since) {
      const row = await prisma.newDeviceNotice.findFirst({
        where: { role, accountId, deviceKey, createdAt: { gte: since } },
        select: { tokenHash: true },
      });
      return row !== null;
    },

    async createNotice(notice) {
      await prisma.newDeviceNotice.create({ data: notice });
    },

    async spendNotice(role, tokenHash, now) {
      const spent = await prisma.newDeviceNotice.updateMany({
        where: { tokenHash, role, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (spent.count !== 1) return null;
      const row = await prisma.newDeviceNotice.findUnique({ where: { tokenHash }, select: NOTICE });
      return row && ({ ...row, role: row.role as Role } satisfies NewDeviceNotice);
    },

    async forgetDevice(role, accountId, deviceKey) {
      await prisma.signInDevice.deleteMany({ where: { role, accountId, deviceKey } });
    },
  };
}

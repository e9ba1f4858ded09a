// Device markers in Prisma: the core's DeviceRepository.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { DeviceRepository } from '@/core/device-ports';
import type { Role } from '@/contract/auth-schemas';

export function createDeviceRepository(prisma: PrismaClient): DeviceRepository {
  return {
    async ownerOf(idHash, now) {
      const row = await prisma.knownDevice.findUnique({
        where: { idHash },
        select: { role: true, accountId: true, expiresAt: true },
      });
      return row && row.expiresAt > now ? { role: row.role as Role, accountId: row.accountId } : null;
    },
  };
}

// Guests in the database: their own table, so no customer list, search or export meets them.
import type { GuestRepository } from '@/core/guest-ports';
import { auditedChange } from './audited-change';
import { recordAuthChange } from './auth-changes';
import { endFamilies } from './end-sessions';
import type { PrismaClient } from './prisma';

export function createGuestRepository(prisma: PrismaClient): GuestRepository {
  const audited = auditedChange(prisma);
  return {
    async create(guest) {
      await prisma.guest.create({ data: guest });
    },

    async find(id) {
      return prisma.guest.findUnique({
        where: { id },
        select: { id: true, createdAt: true, convertedAt: true },
      });
    },

    async convert(id, customerId, now, audit) {
      // Linked once: of two sign-ins presenting one guest, the second finds it converted and writes nothing.
      const linked = await audited(now, audit, async (tx) => {
        const updated = await tx.guest.updateMany({
          where: { id, convertedAt: null },
          data: { customerId, convertedAt: now },
        });
        if (updated.count === 0) return null;
        const sessions = await endFamilies(tx, { role: 'customer', accountId: id }, now);
        await recordAuthChange(tx, sessions, now);
        return true;
      });
      return linked === true;
    },
  };
}

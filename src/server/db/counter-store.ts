// Rate-limit counters in the database, shared by every instance: the core's CounterStore.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { CounterStore } from '@/core/rate-limits';
import { isUniqueViolation } from './records';

export function createCounterStore(prisma: PrismaClient): CounterStore {
  return {
    async add(key, by, expiresAt) {
      // Two first hits on one key may both try to create it; the loser retries as an update.
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await prisma.rateLimitCounter.upsert({
            where: { key },
            create: { key, count: by, expiresAt },
            update: { count: { increment: by } },
            select: { count: true },
          });
          return row.count;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
  };
}

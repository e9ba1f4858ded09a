// A separate process for db-sqlite-concurrency.test.ts: interleaved writes to one SQLite file.
import { createPrismaClient } from '../../src/server/db/prisma';

const [dataDir, worker, rounds, startAt] = process.argv.slice(2);
const { prisma, close } = createPrismaClient({ dataDir: dataDir! });
const errors: string[] = [];

// Start together with the other process, so that the writes really interleave.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));

for (let round = 0; round < Number(rounds); round += 1) {
  try {
    switch (round % 4) {
      case 0: // a plain insert
        await prisma.vendor.create({ data: { name: `w${worker}-${round}` } });
        break;
      case 1: // read, then write in one interactive transaction: a lost update shows in the total
        await prisma.$transaction(async (tx) => {
          const row = await tx.rateLimitCounter.findUniqueOrThrow({ where: { key: 'interactive' } });
          await tx.rateLimitCounter.update({ where: { key: 'interactive' }, data: { count: row.count + 1 } });
        });
        break;
      case 2: // compare-and-set with a conditional updateMany, retried when the other process won
        for (;;) {
          const row = await prisma.rateLimitCounter.findUniqueOrThrow({ where: { key: 'conditional' } });
          const { count } = await prisma.rateLimitCounter.updateMany({
            where: { key: 'conditional', count: row.count },
            data: { count: row.count + 1 },
          });
          if (count === 1) break;
        }
        break;
      default: // an atomic increment outside any transaction
        await prisma.rateLimitCounter.update({ where: { key: 'increment' }, data: { count: { increment: 1 } } });
    }
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
}
await close();
process.stdout.write(JSON.stringify({ errors }));

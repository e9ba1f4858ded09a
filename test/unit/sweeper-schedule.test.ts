// The sweeper's schedule: once soon after start, then every CLEANUP_INTERVAL; an interval of 0 never
// sweeps, for the instances of a fleet that leave the expired rows to others.
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import type { PrismaClient } from '@/server/db/prisma';
import { createSweeper } from '@/server/db/sweeper';
import { createLogger } from '@/server/logger';

/** A database with nothing expired that counts the sweeper's reads, model by model. */
function countingDatabase() {
  const reads: string[] = [];
  const delegate = (model: string) => ({
    findMany: () => {
      reads.push(model);
      return Promise.resolve([]);
    },
    deleteMany: () => Promise.resolve({ count: 0 }),
    aggregate: () => Promise.resolve({ _max: { seq: null } }),
  });
  return { prisma: new Proxy({}, { get: (_target, model) => delegate(String(model)) }) as PrismaClient, reads };
}

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
};

test('a positive interval sweeps 5 s after start and then every interval; 0 never sweeps', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const sweeping = countingDatabase();
  const leaving = countingDatabase();
  const clock = { now: () => new Date() };
  const stops = [
    createSweeper(sweeping.prisma, clock, createLogger('silent')).start(600),
    createSweeper(leaving.prisma, clock, createLogger('silent')).start(0),
  ];
  try {
    mock.timers.tick(4_999);
    await settle();
    assert.equal(sweeping.reads.length, 0, 'not before 5 s');
    mock.timers.tick(1);
    await settle();
    assert.ok(
      sweeping.reads.includes('refreshToken') && sweeping.reads.includes('auditEvent'),
      `swept at 5 s: ${sweeping.reads.join(', ')}`,
    );
    const afterFirst = sweeping.reads.length;
    mock.timers.tick(600_000);
    await settle();
    assert.equal(sweeping.reads.length, 2 * afterFirst, 'again after the interval');
    mock.timers.tick(24 * 3600_000);
    await settle();
    assert.deepEqual(leaving.reads, [], 'CLEANUP_INTERVAL=0: never, however long it runs');
  } finally {
    stops.forEach((stop) => stop());
    mock.timers.reset();
  }
});

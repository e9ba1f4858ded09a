// The shared counters on the real database: several moved in one statement, each by exactly its
// share under concurrent callers, stored as Prisma stores them (so the sweeper and reads agree).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCounterStore } from '@/server/db/counter-store';
import { withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';

const suite = appSuite({ instances: 0 });

test('addEach answers in the order of its keys and counts every concurrent call', async () => {
  await withContainer(suite.db, async ({ db: { prisma } }) => {
    const store = createCounterStore(prisma);
    const expiresAt = new Date('2030-01-01T00:00:00.123Z');
    assert.deepEqual(await store.addEach(['c:z', 'c:a', 'c:m'], 1, expiresAt), [1, 1, 1]);
    assert.deepEqual(await store.addEach(['c:m', 'c:z'], 2, expiresAt), [3, 3]);
    assert.equal(await store.add('c:a', -1, expiresAt), 0);
    // Twenty callers at once over overlapping keys in different orders: no lost count, no deadlock.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.addEach(i % 2 ? ['c:a', 'c:z'] : ['c:z', 'c:a'], 1, expiresAt)),
    );
    const rows = await prisma.rateLimitCounter.findMany({
      where: { key: { startsWith: 'c:' } },
      orderBy: { key: 'asc' },
    });
    assert.deepEqual(
      rows.map((r) => [r.key, r.count]),
      [
        ['c:a', 20],
        ['c:m', 3],
        ['c:z', 23],
      ],
    );
    // Written by the statement, read back by Prisma as the same instant, and compared by it correctly.
    assert.ok(rows.every((r) => r.expiresAt.getTime() === expiresAt.getTime()));
    assert.equal(
      await prisma.rateLimitCounter.count({
        where: { key: { startsWith: 'c:' }, expiresAt: { lt: new Date(expiresAt.getTime() + 1) } },
      }),
      3,
    );
    assert.equal(
      await prisma.rateLimitCounter.count({ where: { key: { startsWith: 'c:' }, expiresAt: { lt: expiresAt } } }),
      0,
    );
  });
});

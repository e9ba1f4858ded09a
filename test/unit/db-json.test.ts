// Json columns give back what was stored, on SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import { applyMigrations } from '../../src/server/db/migrate';
import { createPrismaClient } from '../../src/server/db/prisma';
import { withScratchDatabase } from '../../scripts/db/postgres-scratch';
import { postgresOrSkip, tempDataDir } from './db-support';

// What the auth service stores (arrays of module keys, a map of module to actions) and the edges
// of JSON. On SQLite Prisma declares these columns JSONB, which SQLite reads as numeric affinity: a
// bare top-level number is kept as an INTEGER or REAL, not as text. It still reads back equal up to
// 15 significant digits (123456789012345680000 does not); numbers inside arrays and objects, and
// numeric-looking strings, are stored as text and are exact.
const VALUES: unknown[] = [
  ['orders', 'catalogue', 'pos'],
  { orders: ['read', 'write'], reports: [] },
  [],
  {},
  { nested: { deep: [1, 2.5, -3, 1e21, true, false, null, 'ü ✓ "quoted" \\ back'] } },
  42,
  3.25,
  '12',
  '0012',
  'text',
  true,
  9007199254740991,
];

async function assertRoundTrip(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  await applyMigrations({ databaseUrl, dataDir });
  const { prisma, close } = createPrismaClient({ databaseUrl, dataDir });
  try {
    for (const [index, value] of VALUES.entries()) {
      const email = `json-${index}@example.test`;
      const data = { email, name: 'n', adminType: 'admin', passwordHash: 'h', modules: value as object };
      await prisma.adminAccount.create({ data });
      const read = await prisma.adminAccount.findUniqueOrThrow({ where: { email } });
      assert.deepEqual(read.modules, value, `round trip of ${JSON.stringify(value)}`);
      const updated = await prisma.adminAccount.update({ where: { email }, data: { modules: [value] as object } });
      assert.deepEqual(updated.modules, [value]);
    }
  } finally {
    await close();
  }
}

test('sqlite: Json columns round-trip', async (t) => {
  await assertRoundTrip(undefined, tempDataDir(t));
});

test('postgresql: Json columns round-trip', async (t: TestContext) => {
  const baseUrl = await postgresOrSkip(t);
  if (!baseUrl) return;
  const dataDir = tempDataDir(t);
  await withScratchDatabase(baseUrl, 'db_json_test', (databaseUrl) => assertRoundTrip(databaseUrl, dataDir));
});

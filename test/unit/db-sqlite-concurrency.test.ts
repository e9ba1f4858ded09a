// Two processes writing to one SQLite file at once lose nothing and never see SQLITE_BUSY.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { applyMigrations } from '../../src/server/db/migrate';
import { createPrismaClient } from '../../src/server/db/prisma';
import { tempDataDir } from './db-support';

const run = promisify(execFile);
const ROUNDS = 200;
const WRITER = path.join(import.meta.dirname, 'db-sqlite-writer.ts');

// Guards against the shipped adapter's deferred BEGIN, which fails read-then-write transactions
// with SQLITE_BUSY as soon as the operator CLI writes while the app does.
test('two processes interleaving 200 writes each on one SQLite file', { timeout: 120_000 }, async (t) => {
  const dataDir = tempDataDir(t);
  await applyMigrations({ dataDir });
  const db = createPrismaClient({ dataDir });
  t.after(() => db.close());
  const expiresAt = new Date(Date.now() + 3_600_000);
  await db.prisma.rateLimitCounter.createMany({
    data: ['interactive', 'conditional', 'increment'].map((key) => ({ key, expiresAt })),
  });

  const startAt = String(Date.now() + 1500);
  const writers = ['1', '2'].map((worker) =>
    run(process.execPath, ['--import', 'tsx', WRITER, dataDir, worker, String(ROUNDS), startAt], { timeout: 100_000 }),
  );
  for (const { stdout } of await Promise.all(writers)) {
    assert.deepEqual(JSON.parse(stdout), { errors: [] });
  }

  const perKind = (2 * ROUNDS) / 4;
  assert.equal(await db.prisma.vendor.count(), perKind);
  const counters = await db.prisma.rateLimitCounter.findMany({ orderBy: { key: 'asc' } });
  assert.deepEqual(
    counters.map((row) => [row.key, row.count]),
    [
      ['conditional', perKind],
      ['increment', perKind],
      ['interactive', perKind],
    ],
  );
});

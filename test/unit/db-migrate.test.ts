// applyMigrations on fresh databases: applies every checked-in migration once, records them as the CLI does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sqliteFilePath } from '../../src/server/db/dialect';
import { applyMigrations } from '../../src/server/db/migrate';
import { withScratchDatabase } from '../../scripts/db/postgres-scratch';
import { checkedInMigrations, postgresOrSkip, tempDataDir } from './db-support';

const MIGRATIONS_TABLE_QUERY =
  'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count ' +
  'FROM _prisma_migrations ORDER BY migration_name';

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
  applied_steps_count: number | bigint;
}

/** The rows `prisma migrate deploy` would have written: one finished row per migration, sha256 of its SQL. */
function assertRecordedLikeTheCli(rows: MigrationRow[], expected: { name: string; checksum: string }[]): void {
  assert.deepEqual(
    rows.map((row) => ({ name: row.migration_name, checksum: row.checksum })),
    expected,
  );
  for (const row of rows) {
    assert.ok(row.finished_at, `${row.migration_name} is finished`);
    assert.equal(row.rolled_back_at, null);
    assert.equal(Number(row.applied_steps_count), 1);
  }
}

test('sqlite: a fresh data folder gets init, once', async (t) => {
  const dataDir = tempDataDir(t);
  const expected = checkedInMigrations('sqlite');
  assert.ok(expected.some((migration) => migration.name.endsWith('_init')));

  const first = await applyMigrations({ dataDir });
  assert.deepEqual(first, { dialect: 'sqlite', applied: expected.map((migration) => migration.name) });
  assert.deepEqual(await applyMigrations({ dataDir }), { dialect: 'sqlite', applied: [] });

  const db = new Database(sqliteFilePath(dataDir), { readonly: true });
  t.after(() => db.close());
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assertRecordedLikeTheCli(db.prepare(MIGRATIONS_TABLE_QUERY).all() as MigrationRow[], expected);
});

test('sqlite: two callers at once apply each migration exactly once', async (t) => {
  const dataDir = tempDataDir(t);
  const results = await Promise.all([applyMigrations({ dataDir }), applyMigrations({ dataDir })]);
  assert.deepEqual(
    results.flatMap((result) => result.applied).sort(),
    checkedInMigrations('sqlite').map((migration) => migration.name),
  );
});

test('postgresql: a scratch database gets init, once, even with two callers at once', async (t) => {
  const baseUrl = await postgresOrSkip(t);
  if (!baseUrl) return;
  const dataDir = tempDataDir(t);
  const expected = checkedInMigrations('postgresql');
  await withScratchDatabase(baseUrl, 'db_migrate_test', async (databaseUrl) => {
    const both = [applyMigrations({ databaseUrl, dataDir }), applyMigrations({ databaseUrl, dataDir })];
    const results = await Promise.all(both);
    assert.deepEqual(
      results.flatMap((result) => result.applied).sort(),
      expected.map((migration) => migration.name),
    );
    assert.deepEqual(await applyMigrations({ databaseUrl, dataDir }), { dialect: 'postgresql', applied: [] });

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      assertRecordedLikeTheCli((await client.query<MigrationRow>(MIGRATIONS_TABLE_QUERY)).rows, expected);
    } finally {
      await client.end();
    }
  });
});

test('a URL that is not PostgreSQL is refused without being echoed', async (t) => {
  const attempt = applyMigrations({ databaseUrl: 'mysql://user:secret@host/db', dataDir: tempDataDir(t) });
  await assert.rejects(attempt, (error: Error) => {
    assert.doesNotMatch(error.message, /secret/);
    return true;
  });
});

// Helpers for the database tests: temporary data folders and the checked-in migrations.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import type { Dialect } from '../../src/server/db/dialect';
import { readMigrationsList } from '../../src/server/db/schema-engine';
import { migrationsDir } from '../../scripts/db/paths';
import { baseDatabaseUrl, serverAnswers } from '../../scripts/db/postgres-scratch';

export function tempDataDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Each checked-in migration of a dialect with the sha256 of its migration.sql, as the CLI records it. */
export function checkedInMigrations(dialect: Dialect): { name: string; checksum: string }[] {
  return readMigrationsList(migrationsDir(dialect)).migrationDirectories.map((folder) => {
    const sql = fs.readFileSync(path.join(migrationsDir(dialect), folder.path, 'migration.sql'));
    return { name: folder.path, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/** The PostgreSQL server for scratch databases, or null (and the test skipped) when none answers outside CI. */
export async function postgresOrSkip(t: TestContext): Promise<string | null> {
  const baseUrl = baseDatabaseUrl();
  if (await serverAnswers(baseUrl)) return baseUrl;
  if (process.env.CI) throw new Error('no PostgreSQL server answers, and CI is set');
  t.skip('no PostgreSQL server answers; set TEST_DATABASE_URL');
  return null;
}

// `npm run db:check`: fails when the derived schema or either dialect's migrations drift from the source.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { type Dialect, sqliteFilePath } from '../../src/server/db/dialect';
import { applyMigrations } from '../../src/server/db/migrate';
import { migrationLockfile, readMigrationsList } from '../../src/server/db/schema-engine';
import { createSqliteAdapterFactory } from '../../src/server/db/sqlite-adapter';
import { commandLine } from '../../src/server/command-line';
import { expectedSqliteSchema } from './derive-sqlite';
import { databaseTarget, datamodelTarget, diff, offlineAdapterFactory, withEngine } from './engine-diff';
import { MIGRATED_SCHEMA, SOURCE_SCHEMA, SQLITE_SCHEMA, migrationsDir, shown } from './paths';
import {
  baseDatabaseUrl,
  introspectingAdapterFactory,
  redacted,
  serverAnswers,
  withScratchDatabase,
} from './postgres-scratch';

const problems: string[] = [];
const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

function checkFiles(): void {
  if (read(SQLITE_SCHEMA) !== expectedSqliteSchema()) {
    problems.push(`${shown(SQLITE_SCHEMA)} is not what prisma/schema.prisma derives: run \`npm run db:generate\``);
  }
  const names = (dialect: Dialect) =>
    readMigrationsList(migrationsDir(dialect)).migrationDirectories.map((migration) => migration.path);
  if (names('postgresql').length === 0) problems.push('there are no migrations: run `npm run db:migrate:new -- init`');
  if (names('postgresql').join() !== names('sqlite').join()) {
    problems.push('prisma/migrations/postgresql and prisma/migrations/sqlite must hold the same folder names');
  }
  for (const dialect of ['postgresql', 'sqlite'] as const) {
    const lockfile = path.join(migrationsDir(dialect), 'migration_lock.toml');
    if (read(lockfile) !== migrationLockfile(dialect)) {
      problems.push(`${shown(lockfile)} is missing or not in the Prisma CLI's format`);
    }
  }
}

/** The recorded model of the last migration must match the source, or a migration is missing. */
async function checkRecordedModel(source: string): Promise<void> {
  const recorded = read(MIGRATED_SCHEMA);
  if (recorded === null) return void problems.push(`${shown(MIGRATED_SCHEMA)} is missing`);
  const pending = await withEngine(source, offlineAdapterFactory('postgresql'), (engine) =>
    diff(engine, 'postgresql', datamodelTarget(recorded), datamodelTarget(source), false),
  );
  if (pending.changed) {
    const fix = 'run `npm run db:migrate:new -- <name>`';
    problems.push(`prisma/schema.prisma has changes no migration covers: ${fix}\n${pending.text}`);
  }
}

/** Applies the migrations to an empty database, then asks the engine what still differs. */
async function checkMigrations(
  dialect: Dialect,
  schema: string,
  databaseUrl: string | undefined,
  dataDir: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<void> {
  try {
    await applyMigrations({ databaseUrl, dataDir, migrationsDir: migrationsDir(dialect) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return void problems.push(`the ${dialect} migrations fail on an empty database: ${reason}`);
  }
  const drift = await withEngine(schema, adapterFactory, (engine) =>
    diff(engine, dialect, databaseTarget(schema), datamodelTarget(schema), false),
  );
  if (drift.changed) {
    problems.push(`the ${dialect} migrations do not build the current schema; the engine reports:\n${drift.text}`);
  } else {
    console.log(`ok: the ${dialect} migrations build exactly the current schema`);
  }
}

/**
 * SQLite's customer search index is kept in step by triggers on "CustomerAccount", which a migration
 * that rebuilds the table (as Prisma does to change a SQLite column) drops with it.
 */
function checkSearchTriggers(file: string): void {
  const db = new Database(file, { readonly: true });
  try {
    const triggers = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'CustomerAccount'`)
      .pluck()
      .all();
    const missing = ['insert', 'update', 'delete']
      .map((change) => `CustomerSearch_${change}`)
      .filter((name) => !triggers.includes(name));
    if (missing.length > 0) {
      problems.push(
        `the sqlite migrations leave the customer search without its triggers (${missing.join(', ')}): a migration that rebuilds "CustomerAccount" must create them again and rebuild "CustomerSearch" (see migration 20261128093000_customer_search_sqlite_index)`,
      );
    }
  } finally {
    db.close();
  }
}

async function checkSqlite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-check-'));
  try {
    const factory = createSqliteAdapterFactory(sqliteFilePath(dataDir));
    await checkMigrations('sqlite', expectedSqliteSchema(), undefined, dataDir, factory);
    checkSearchTriggers(sqliteFilePath(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function checkPostgres(source: string): Promise<void> {
  const baseUrl = baseDatabaseUrl();
  if (!(await serverAnswers(baseUrl))) {
    const message = `no PostgreSQL server answers at ${redacted(baseUrl)}`;
    if (process.env.CI) return void problems.push(`${message} (CI is set, so this check cannot be skipped)`);
    return void console.log(`notice: ${message}; skipped the PostgreSQL migrations (set TEST_DATABASE_URL)`);
  }
  try {
    await withScratchDatabase(baseUrl, 'db_check', (url) =>
      checkMigrations('postgresql', source, url, os.tmpdir(), introspectingAdapterFactory(url)),
    );
  } catch (error) {
    problems.push(`PostgreSQL at ${redacted(baseUrl)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

commandLine(
  `Usage: npm run db:check

Fails when prisma/generated/sqlite.prisma or either dialect's migrations drift from
prisma/schema.prisma: applies every migration to a scratch SQLite file and, when a PostgreSQL server
answers at TEST_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test), to a scratch
database there, and compares the result with the source schema.`,
  {},
);

try {
  const source = fs.readFileSync(SOURCE_SCHEMA, 'utf8');
  checkFiles();
  await checkRecordedModel(source);
  await checkSqlite();
  await checkPostgres(source);
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
}
if (problems.length > 0) {
  console.error(`db:check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('db:check passed');

// Applies the checked-in migrations at start-up, exactly as `prisma migrate deploy` would.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import Database from 'better-sqlite3';
import pg from 'pg';
import { type Dialect, SQLITE_FILE_NAME, dialectFor, sqliteFilePath } from './dialect';
import { schemaFilters, openSchemaEngine, providerOnlySchema, readMigrationsList } from './schema-engine';
import { createSqliteAdapterFactory } from './sqlite-adapter';

export interface ApplyMigrationsOptions {
  /** postgres:// or postgresql:// for PostgreSQL; unset for the SQLite file in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  log?: (msg: string) => void;
  /** Defaults to prisma/migrations/<dialect> under the working directory (the project root). */
  migrationsDir?: string;
}

/** How long a process waits while another one migrates the same database. */
const LOCK_WAIT_MS = 120_000;

// Prisma's engine takes advisory lock 72707369 itself, on a connection of its own; holding that key
// here would make the engine wait for us. Any other constant serialises our callers just as well.
const PG_LOCK_KEY = 72707370;

export function defaultMigrationsDir(dialect: Dialect): string {
  return path.join(process.cwd(), 'prisma', 'migrations', dialect);
}

/**
 * Applies every pending migration and records it in `_prisma_migrations` as the Prisma CLI does
 * (the same rows and sha256 checksums), so `prisma migrate deploy` stays usable on the same
 * database. Idempotent, and safe when several processes start at once.
 */
export async function applyMigrations(opts: ApplyMigrationsOptions): Promise<{ dialect: Dialect; applied: string[] }> {
  const dialect = dialectFor(opts.databaseUrl);
  const migrations = readMigrationsList(opts.migrationsDir ?? defaultMigrationsDir(dialect));
  if (migrations.migrationDirectories.length === 0) {
    throw new Error(`no migrations in ${migrations.baseDir}: is the working directory the project root?`);
  }
  const log = opts.log ?? (() => undefined);
  const applied =
    dialect === 'postgresql'
      ? await withPostgresLock(opts.databaseUrl as string, () =>
          applyWith(dialect, new PrismaPg({ connectionString: opts.databaseUrl }), migrations, log),
        )
      : await withSqliteLock(opts.dataDir, () =>
          applyWith(dialect, createSqliteAdapterFactory(sqliteFilePath(opts.dataDir)), migrations, log),
        );
  log(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  return { dialect, applied };
}

async function applyWith(
  dialect: Dialect,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  migrationsList: MigrationList,
  log: (msg: string) => void,
): Promise<string[]> {
  const schemaFiles = [{ path: 'schema.prisma', content: providerOnlySchema(dialect) }];
  const { engine, close } = await openSchemaEngine({ schemaFiles, adapterFactory, log });
  try {
    const output = await engine.applyMigrations({ migrationsList, filters: schemaFilters(dialect) });
    return output.appliedMigrationNames;
  } finally {
    await close();
  }
}

/** A session-level advisory lock on its own connection; ending the connection releases it. */
async function withPostgresLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection also drops the lock; the migration itself then fails or completes alone.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${LOCK_WAIT_MS}`);
    try {
      await client.query('SELECT pg_advisory_lock($1)', [PG_LOCK_KEY]);
    } catch (error) {
      throw new Error(`gave up after ${LOCK_WAIT_MS / 1000} s waiting for another process to migrate`, {
        cause: error,
      });
    }
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * An exclusive transaction on a lock file beside the database. The operating system drops it when
 * the process dies, so no stale lock survives a crash. Polled rather than waited for inside SQLite,
 * because SQLite's wait would block this process's event loop, and with it a second caller here.
 */
async function withSqliteLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new Database(path.join(dataDir, `${SQLITE_FILE_NAME}-migrate.lock`), { timeout: 0 });
  try {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
        if (!busy || Date.now() > deadline) throw error;
        await sleep(50);
      }
    }
    return await work();
  } finally {
    lock.close();
  }
}

// Where the database tooling finds the schemas, configs and migrations, relative to the project root.
import path from 'node:path';
import type { Dialect } from '../../src/server/db/dialect';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The source of truth, written for PostgreSQL. */
export const SOURCE_SCHEMA = path.join(ROOT, 'prisma/schema.prisma');
/** Derived from the source by derive-sqlite.ts; checked in so the Prisma CLI can use it. */
export const SQLITE_SCHEMA = path.join(ROOT, 'prisma/generated/sqlite.prisma');

export const PRISMA_CONFIGS: Record<Dialect, string> = {
  postgresql: path.join(ROOT, 'prisma.config.ts'),
  sqlite: path.join(ROOT, 'prisma/sqlite.config.ts'),
};

export const SCHEMA_FILES: Record<Dialect, string> = { postgresql: SOURCE_SCHEMA, sqlite: SQLITE_SCHEMA };

export function migrationsDir(dialect: Dialect): string {
  return path.join(ROOT, 'prisma/migrations', dialect);
}

/**
 * The source schema as of the newest migration. The next migration of each dialect is the diff
 * from it to the current source, which needs no database server.
 */
export const MIGRATED_SCHEMA = path.join(ROOT, 'prisma/generated/migrated.prisma');

/** Paths as people read them in messages: relative to the project root. */
export function shown(file: string): string {
  return path.relative(ROOT, file) || '.';
}

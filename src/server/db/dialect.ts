// Which database a deployment uses, and where the embedded SQLite file lives.
import path from 'node:path';
import { isPostgresUrl } from '../../core/config';

export type Dialect = 'postgresql' | 'sqlite';

/** The one file name of the embedded database, shared by the app, the operator CLI and migrations. */
export const SQLITE_FILE_NAME = 'auth.db';

/**
 * How long a SQLite writer waits for another process's write lock before it gives up. The operator
 * CLI writes to the same file as the running app, so short waits are normal, not errors.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

export function sqliteFilePath(dataDir: string): string {
  return path.resolve(dataDir, SQLITE_FILE_NAME);
}

/** PostgreSQL when a URL is given, the embedded SQLite file otherwise; anything else is a mistake. */
export function dialectFor(databaseUrl: string | undefined): Dialect {
  if (!databaseUrl) return 'sqlite';
  if (isPostgresUrl(databaseUrl)) return 'postgresql';
  // Never echo the URL: it usually carries a password.
  throw new Error('DATABASE_URL must start with postgres:// or postgresql:// (or be unset for SQLite)');
}

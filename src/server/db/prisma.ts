// Opens the Prisma client for the configured database: PostgreSQL by URL, else the SQLite file.
import fs from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/postgresql/client';
import { PrismaClient as SqlitePrismaClient } from '../../generated/prisma/sqlite/client';
import { type Dialect, dialectFor, sqliteFilePath } from './dialect';
import { createSqliteAdapterFactory } from './sqlite-adapter';

export type { PrismaClient } from '../../generated/prisma/postgresql/client';
export { sqliteFilePath } from './dialect';

export interface DatabaseClient {
  prisma: PrismaClient;
  dialect: Dialect;
  /** Ends the pool or closes the file, so the process can exit. */
  close(): Promise<void>;
}

/**
 * Nothing connects until the first query, so this is safe to call while a module loads; the schema
 * must already be migrated (see applyMigrations in ./migrate).
 */
export function createPrismaClient(opts: { databaseUrl?: string; dataDir: string; connectTimeoutMs?: number }): DatabaseClient {
  const dialect = dialectFor(opts.databaseUrl);
  let prisma: PrismaClient;
  if (dialect === 'postgresql') {
    // A bounded connect time turns a database outage into fast errors (and 503 health) rather than hangs.
    const adapter = new PrismaPg({ connectionString: opts.databaseUrl, connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000 });
    prisma = new PrismaClient({ adapter });
  } else {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const adapter = createSqliteAdapterFactory(sqliteFilePath(opts.dataDir));
    // Both clients come from one schema and differ only in the provider, so their APIs match.
    prisma = new SqlitePrismaClient({ adapter }) as unknown as PrismaClient;
  }
  return { prisma, dialect, close: () => prisma.$disconnect() };
}

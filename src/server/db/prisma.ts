// Opens the Prisma client for the configured database: PostgreSQL by URL, else the SQLite file.
import fs from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../../generated/prisma/postgresql/client';
import { PrismaClient as SqlitePrismaClient } from '../../generated/prisma/sqlite/client';
import { type Dialect, dialectFor, sqliteFilePath } from './dialect';
import type { SqliteSynchronous } from '@/core/config-env';
import { createSqliteAdapterFactory } from './sqlite-adapter';

export type { PrismaClient } from '../../generated/prisma/postgresql/client';
export { sqliteFilePath } from './dialect';

export interface DatabaseClient {
  prisma: PrismaClient;
  dialect: Dialect;
  /** Ends the pool or closes the file, so the process can exit. */
  close: () => Promise<void>;
  /** Connections checked out and queries waiting for one (PostgreSQL; undefined for SQLite). */
  poolStats: () => { busy: number; waiting: number } | undefined;
}

/** Hears every statement sent to PostgreSQL with its parameters (the query-plan test reads them). */
export type StatementListener = (text: string, values: unknown[]) => void;

/**
 * Nothing connects until the first query, so this is safe to call while a module loads; the schema
 * must already be migrated (see applyMigrations in ./migrate).
 */
export function createPrismaClient(opts: {
  databaseUrl?: string;
  dataDir: string;
  sqliteSynchronous?: SqliteSynchronous;
  connectTimeoutMs?: number;
  onStatement?: StatementListener;
}): DatabaseClient {
  const dialect = dialectFor(opts.databaseUrl);
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5000;
  // Prisma's defaults (2 s to get a connection, 5 s to finish) turn a burst that fills the pool, or
  // a starved CPU, into a 500 for a transaction, while a single query waits for a connection up to
  // the database timeout. A transaction waits as long as a query does, and may run three times that.
  const transactionOptions = { maxWait: connectTimeoutMs, timeout: 3 * connectTimeoutMs };
  let prisma: PrismaClient;
  let pool: pg.Pool | undefined;
  if (dialect === 'postgresql') {
    // A bounded connect time turns a database outage into fast errors (and 503 health) rather than hangs.
    // The pool is ours (not the adapter's) so the metrics can read its counts.
    pool = new pg.Pool({ connectionString: opts.databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
    const listener = opts.onStatement;
    if (listener) pool.on('connect', (client) => listenTo(client, listener));
    const adapter = new PrismaPg(pool, { disposeExternalPool: true });
    prisma = new PrismaClient({ adapter, transactionOptions });
  } else {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const adapter = createSqliteAdapterFactory(sqliteFilePath(opts.dataDir), opts.sqliteSynchronous);
    // Both clients come from one schema and differ only in the provider, so their APIs match.
    prisma = new SqlitePrismaClient({ adapter, transactionOptions }) as unknown as PrismaClient;
  }
  return {
    prisma,
    dialect,
    close: async () => {
      await prisma.$disconnect();
      // The adapter ends the pool only if a connection was ever opened through it.
      if (pool && !pool.ended) await pool.end();
    },
    poolStats: () => (pool ? { busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount } : undefined),
  };
}

/** Wraps one connection's `query` so `listener` hears each statement the driver adapter sends. */
function listenTo(client: pg.PoolClient, listener: StatementListener): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    const config =
      typeof first === 'object' && first !== null ? (first as { text?: unknown; values?: unknown }) : undefined;
    const values = config ? config.values : second;
    const text = config ? config.text : first;
    if (typeof text === 'string') listener(text, Array.isArray(values) ? (values as unknown[]) : []);
    return query(...args);
  };
}

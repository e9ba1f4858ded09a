// Fresh databases for tests: a temporary SQLite folder, or a new database on the PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_BASE_URL } from '../../scripts/db/postgres-scratch';

export type TestDialect = 'sqlite' | 'postgresql';

export const TEST_DIALECT: TestDialect = process.env.TEST_DB === 'postgresql' ? 'postgresql' : 'sqlite';
export const POSTGRES_BASE_URL = process.env.TEST_DATABASE_URL || DEFAULT_BASE_URL;

export interface TestDatabase {
  dialect: TestDialect;
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

async function adminQuery(sql: string, baseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `baseUrl` names the PostgreSQL server (and a database on it to connect to) for the new database. */
export async function createTestDatabase(dialect: TestDialect = TEST_DIALECT, baseUrl = POSTGRES_BASE_URL): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-auth-test-'));
  if (dialect === 'sqlite') {
    return { dialect, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `auth_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`, baseUrl);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, baseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// Migrated templates that the test run makes once, so that each test file's fresh database is a copy
// of one instead of being migrated again: a SQLite folder, and a PostgreSQL database to create from.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from '@/server/db/migrate';

/** Read by createTestDatabase: the migrated SQLite folder to copy. */
export const SQLITE_TEMPLATE_VARIABLE = 'TEST_SQLITE_TEMPLATE';
/** Read by createTestDatabase: the migrated PostgreSQL database to create from. */
export const POSTGRES_TEMPLATE_VARIABLE = 'TEST_POSTGRES_TEMPLATE';

export interface Templates {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function admin<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Templates for SQLite, and for PostgreSQL when `postgresBaseUrl` names a server that answers. */
export async function createTemplates(postgresBaseUrl?: string): Promise<Templates> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-auth-template-'));
  await applyMigrations({ dataDir });
  const env: Record<string, string> = { [SQLITE_TEMPLATE_VARIABLE]: dataDir };
  let name: string | undefined;
  if (postgresBaseUrl) {
    name = `auth_template_${process.pid}_${Date.now().toString(36)}`;
    await admin(postgresBaseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(postgresBaseUrl);
    url.pathname = `/${name}`;
    await applyMigrations({ databaseUrl: url.toString(), dataDir });
    env[POSTGRES_TEMPLATE_VARIABLE] = name;
  }
  return {
    env,
    async drop() {
      await rm(dataDir, { recursive: true, force: true });
      if (postgresBaseUrl && name)
        await admin(postgresBaseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

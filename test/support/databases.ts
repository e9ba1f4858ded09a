// Fresh databases for tests: a temporary SQLite folder, or a new database on the PostgreSQL server;
// copies of the run's migrated template where the test run made one (database-templates.ts).
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_BASE_URL } from '../../scripts/db/postgres-scratch';

export type TestDialect = 'sqlite' | 'postgresql';

export const TEST_DIALECT: TestDialect = process.env.TEST_DB === 'postgresql' ? 'postgresql' : 'sqlite';
export const POSTGRES_BASE_URL = process.env.TEST_DATABASE_URL || DEFAULT_BASE_URL;

/** Set by the test run (database-templates.ts): JSON of the run's migrated templates, read by createTestDatabase. */
export const TEMPLATES_VARIABLE = 'TEST_DATABASE_TEMPLATES';

/** A SQLite folder or a PostgreSQL database's name, per dialect; `seeded` also holds seedAccounts' accounts. */
export interface RunTemplates {
  migrated: Partial<Record<TestDialect, string>>;
  seeded: Partial<Record<TestDialect, { template: string; accounts: unknown }>>;
}

export function runTemplates(): RunTemplates {
  const json = process.env[TEMPLATES_VARIABLE];
  return json ? (JSON.parse(json) as RunTemplates) : { migrated: {}, seeded: {} };
}

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

/** PostgreSQL refuses to copy a template while another database is being created from it: wait and try again. */
async function createFrom(name: string, template: string | undefined, baseUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`, baseUrl);
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006'; // object_in_use
      if (!busy || attempt === 50) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/**
 * `migrated: false` gives an empty database even when the run has a template (for the start-up migration's own tests).
 * `baseUrl` names the PostgreSQL server (and a database on it to connect to) for the new database.
 */
export async function createTestDatabase(
  dialect: TestDialect = TEST_DIALECT,
  baseUrl = POSTGRES_BASE_URL,
  migrated = true,
): Promise<TestDatabase> {
  // The template is on the run's own server; a test that names another server gets an empty database.
  const onOwnServer = dialect === 'sqlite' || baseUrl === POSTGRES_BASE_URL;
  const template = migrated && onOwnServer ? runTemplates().migrated[dialect] : undefined;
  return databaseFrom(dialect, baseUrl, template);
}

/** A new database: a copy of `template` (a SQLite folder or a PostgreSQL database's name), else empty. */
export async function databaseFrom(
  dialect: TestDialect,
  baseUrl: string,
  template: string | undefined,
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-auth-test-'));
  if (dialect === 'sqlite') {
    if (template)
      await cp(template, dataDir, { recursive: true, filter: (source) => !source.endsWith('-migrate.lock') });
    return { dialect, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `auth_test_${randomBytes(6).toString('hex')}`;
  await createFrom(name, template, baseUrl);
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

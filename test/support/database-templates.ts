// Migrated templates that the test run makes once, so that each test file's fresh database is a copy
// of one instead of being migrated again: a SQLite folder, and a PostgreSQL database to create from.
// A second template of each also holds seedAccounts' accounts, for the files that start with them.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { applyMigrations } from '@/server/db/migrate';
import { seedAccounts, seedFromStored, storedSeed, TEMPLATE_SEED_PREFIX } from './accounts';
import { TEMPLATES_VARIABLE, type RunTemplates, type TestDatabase } from './databases';

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

/** The seed accounts as the files read them, checked to come back unchanged. */
async function seedOf(db: TestDatabase): Promise<unknown> {
  const accounts = await seedAccounts(db, TEMPLATE_SEED_PREFIX);
  const stored = storedSeed(accounts);
  if (!isDeepStrictEqual(seedFromStored(stored), accounts)) throw new Error('the seed accounts do not survive JSON');
  return stored;
}

/** Templates for SQLite, and for PostgreSQL when `postgresBaseUrl` names a server that answers. */
export async function createTemplates(postgresBaseUrl?: string): Promise<Templates> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-auth-template-'));
  const seededDir = `${dataDir}-seeded`;
  await applyMigrations({ dataDir });
  await cp(dataDir, seededDir, { recursive: true, filter: (source) => !source.endsWith('-migrate.lock') });
  const templates: RunTemplates = {
    migrated: { sqlite: dataDir },
    seeded: {
      sqlite: {
        template: seededDir,
        accounts: await seedOf({ dialect: 'sqlite', dataDir: seededDir, drop: async () => {} }),
      },
    },
  };
  const names: string[] = [];
  const postgresDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-auth-template-'));
  if (postgresBaseUrl) {
    const name = `auth_template_${process.pid}_${Date.now().toString(36)}`;
    names.push(name, `${name}_seeded`);
    const urlOf = (database: string) =>
      Object.assign(new URL(postgresBaseUrl), { pathname: `/${database}` }).toString();
    await admin(postgresBaseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    await applyMigrations({ databaseUrl: urlOf(name), dataDir });
    await admin(postgresBaseUrl, (c) => c.query(`CREATE DATABASE ${name}_seeded TEMPLATE ${name}`));
    const seededDb = {
      dialect: 'postgresql' as const,
      dataDir: postgresDir,
      databaseUrl: urlOf(`${name}_seeded`),
      drop: async () => {},
    };
    templates.migrated.postgresql = name;
    templates.seeded.postgresql = { template: `${name}_seeded`, accounts: await seedOf(seededDb) };
  }
  return {
    env: { [TEMPLATES_VARIABLE]: JSON.stringify(templates) },
    async drop() {
      await Promise.all([dataDir, seededDir, postgresDir].map((dir) => rm(dir, { recursive: true, force: true })));
      for (const name of names.reverse())
        await admin(postgresBaseUrl!, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

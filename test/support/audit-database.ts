// Direct access to a test database's audit_events table, past the app: a trigger that makes one
// account's events fail to insert (to prove a change and its event commit together), and a dump of
// every stored value for the scan that no secret was ever written.
import Database from 'better-sqlite3';
import pg from 'pg';
import { sqliteFilePath } from '@/server/db/dialect';
import type { TestDatabase } from './databases';

async function run<T>(
  db: TestDatabase,
  sqlite: (file: Database.Database) => T,
  postgres: (client: pg.Client) => Promise<T>,
): Promise<T> {
  if (db.dialect === 'sqlite') {
    const file = new Database(sqliteFilePath(db.dataDir));
    try {
      file.pragma('busy_timeout = 10000');
      return sqlite(file);
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  try {
    return await postgres(client);
  } finally {
    await client.end();
  }
}

/** From now on every insert of an event about `accountId` fails, as a full disk or a bug would. */
export function breakAuditInsertsFor(db: TestDatabase, accountId: string): Promise<void> {
  const id = accountId.replace(/'/g, "''");
  return run(
    db,
    (file) => {
      file.exec(
        `CREATE TRIGGER audit_fault BEFORE INSERT ON audit_events WHEN NEW."accountId" = '${id}' BEGIN SELECT RAISE(ABORT, 'injected audit fault'); END`,
      );
    },
    async (client) => {
      await client.query(
        `CREATE FUNCTION audit_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected audit fault'; END $$`,
      );
      await client.query(
        `CREATE TRIGGER audit_fault BEFORE INSERT ON audit_events FOR EACH ROW WHEN (NEW."accountId" = '${id}') EXECUTE FUNCTION audit_fault()`,
      );
    },
  );
}

export function repairAuditInserts(db: TestDatabase): Promise<void> {
  return run(
    db,
    (file) => {
      file.exec('DROP TRIGGER audit_fault');
    },
    async (client) => {
      await client.query('DROP TRIGGER audit_fault ON audit_events');
      await client.query('DROP FUNCTION audit_fault()');
    },
  );
}

/** Every row of audit_events, every column as text. */
export function everyAuditRow(db: TestDatabase): Promise<string[]> {
  const sql = 'SELECT * FROM audit_events';
  return run(
    db,
    (file) => (file.prepare(sql).all() as object[]).map((row) => JSON.stringify(row)),
    async (client) => (await client.query(sql)).rows.map((row: object) => JSON.stringify(row)),
  );
}

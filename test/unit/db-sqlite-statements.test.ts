// The SQLite connection's kept statements: the same SQL is compiled once and answers right for every
// set of arguments, after a failed run and after a change of schema; past the bound, the least used go.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { SqlQuery } from '@prisma/driver-adapter-utils';
import { createSqliteAdapterFactory } from '@/server/db/sqlite-adapter';
import { keepCompiledStatements } from '@/server/db/sqlite-statements';
import { tempDataDir } from './db-support';

const query = (sql: string, ...args: (string | number)[]): SqlQuery => ({
  sql,
  args,
  argTypes: args.map((arg) => ({ scalarType: typeof arg === 'number' ? 'int' : 'string', arity: 'scalar' })),
});

test('the adapter answers from kept statements: right rows for each argument, after a failure and a schema change', async (t) => {
  const file = path.join(tempDataDir(t), 'kept.db');
  const adapter = await createSqliteAdapterFactory(file).connect();
  t.after(() => adapter.dispose());
  await adapter.executeScript('CREATE TABLE "Item" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE)');
  const insert = 'INSERT INTO "Item" ("id", "name") VALUES (?, ?)';
  for (const [id, name] of [
    [1, 'one'],
    [2, 'two'],
    [3, 'three'],
  ] as const)
    assert.equal(await adapter.executeRaw(query(insert, id, name)), 1);

  const byId = 'SELECT "name" FROM "Item" WHERE "id" = ?';
  for (const [id, name] of [
    [2, 'two'],
    [1, 'one'],
    [3, 'three'],
    [2, 'two'],
  ] as const) {
    assert.deepEqual((await adapter.queryRaw(query(byId, id))).rows, [[name]]);
  }
  assert.deepEqual((await adapter.queryRaw(query(byId, 9))).rows, []);

  // A unique violation fails that run only: the kept INSERT still writes the next row.
  await assert.rejects(
    adapter.executeRaw(query(insert, 4, 'one')),
    (error: { cause?: { kind?: string } }) => error.cause?.kind === 'UniqueConstraintViolation',
  );
  assert.equal(await adapter.executeRaw(query(insert, 4, 'four')), 1);

  // A statement kept from before a migration sees the new schema.
  const all = 'SELECT * FROM "Item" WHERE "id" = ?';
  assert.deepEqual((await adapter.queryRaw(query(all, 4))).columnNames, ['id', 'name']);
  await adapter.executeScript('ALTER TABLE "Item" ADD COLUMN "note" TEXT NOT NULL DEFAULT \'n\'');
  const after = await adapter.queryRaw(query(all, 4));
  assert.deepEqual(after.columnNames, ['id', 'name', 'note']);
  assert.deepEqual(after.rows, [[4, 'four', 'n']]);
});

test('a SQL text is compiled once while kept, and again once the bound pushed it out', (t) => {
  const db = new Database(path.join(tempDataDir(t), 'bound.db'));
  t.after(() => db.close());
  db.exec('CREATE TABLE "T" ("v" INTEGER)');
  const compiled: string[] = [];
  const compile = db.prepare.bind(db);
  db.prepare = (sql: string) => (compiled.push(sql), compile(sql));
  keepCompiledStatements(db, 2);
  const run = (sql: string, ...args: number[]) =>
    (db.prepare(sql) as unknown as { bind(a: number[]): { run(): unknown } }).bind(args).run();

  const a = 'INSERT INTO "T" ("v") VALUES (?)';
  const b = 'DELETE FROM "T" WHERE "v" = ?';
  const c = 'UPDATE "T" SET "v" = ? WHERE "v" = ?';
  run(a, 1);
  run(a, 2);
  run(b, 1);
  run(a, 3);
  assert.deepEqual(compiled, [a, b], 'each text once while both are kept');
  run(c, 5, 2); // a third text: b, the least recently used, goes
  run(b, 3);
  assert.deepEqual(compiled, [a, b, c, b]);
  assert.deepEqual(compile('SELECT "v" FROM "T" ORDER BY "v"').pluck().all(), [5]);
});

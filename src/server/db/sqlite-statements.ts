// Compiled statements kept for reuse on the app's SQLite connection. @prisma/adapter-better-sqlite3
// (7.10) compiles every query anew (`client.prepare(sql).bind(args)`, then `run()`, or `reader`,
// `columns()` and `raw().all()`), although Prisma sends the same few hundred SQL texts over and
// over: compiling took about a fifth of a login's own database time (decision 0026).
import type Database from 'better-sqlite3';
import { Lru } from '@/core/lru';

/** Distinct SQL texts kept compiled; Prisma's texts differ only by the length of `IN (...)` lists. */
export const KEPT_STATEMENTS = 500;

type Args = unknown[];

/**
 * What the adapter does with a prepared statement, once: the arguments go with each call instead of
 * being bound to the statement for good, so the compiled statement serves the next query too. The
 * rows are read before the columns are described: SQLite recompiles a kept statement when the
 * schema changed only as it runs, and `SELECT *` then has other columns than before.
 */
function oneUse(statement: Database.Statement<Args>) {
  return {
    bind: (args: Args) => {
      let rows: unknown[] | undefined;
      const read = () => (rows ??= statement.raw(true).all(args));
      return {
        reader: statement.reader,
        run: () => statement.run(args),
        columns: () => (read(), statement.columns()),
        raw: () => ({ all: read }),
      };
    },
    run: () => statement.run(),
  };
}

/**
 * Makes `client.prepare` answer from a bounded cache of compiled statements. SQLite recompiles a kept
 * statement by itself when the schema changes (a migration), and a statement whose run failed is
 * reset and stays usable.
 */
export function keepCompiledStatements(client: Database.Database, size = KEPT_STATEMENTS): void {
  const compile = client.prepare.bind(client) as (sql: string) => Database.Statement<Args>;
  const kept = new Lru<string, Database.Statement<Args>>(size);
  const prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (!statement) {
      statement = compile(sql);
      kept.set(sql, statement);
    }
    return oneUse(statement);
  };
  client.prepare = prepare as unknown as typeof client.prepare;
}

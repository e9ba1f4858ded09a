// Schema diffs through the wasm schema engine, shared by migrate-new and check.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import {
  ColumnTypeEnum,
  DriverAdapterError,
  mockAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import type { DiffTarget, SchemaEngine } from '@prisma/schema-engine-wasm';
import type { Dialect } from '../../src/server/db/dialect';
import { schemaFilters, openSchemaEngine } from '../../src/server/db/schema-engine';

/** A data model given as text; diffing two of these needs no database at all. */
export function datamodelTarget(content: string): DiffTarget {
  return { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content }] };
}

/** The live database behind the engine's adapter, introspected. */
export function databaseTarget(schema: string): DiffTarget {
  const files = [{ path: 'schema.prisma', content: schema }];
  return { tag: 'schemaDatasource', files, configDir: process.cwd() };
}

/**
 * Adapters for diffs between two data models, which need no server. For PostgreSQL the engine still
 * asks one thing, the server's version and whether the schema `public` exists; this answers like
 * the PostgreSQL 15 the project runs on, and refuses anything else with a clear message.
 */
export function offlineAdapterFactory(dialect: Dialect): SqlMigrationAwareDriverAdapterFactory {
  if (dialect === 'sqlite') return new PrismaBetterSqlite3({ url: ':memory:' });
  const connect = async () => ({
    ...mockAdapter('postgres'),
    queryRaw: answerVersionQuery,
    dispose: async () => undefined,
  });
  return { provider: 'postgres', adapterName: '@prisma/adapter-pg', connect, connectToShadowDb: connect };
}

async function answerVersionQuery(query: SqlQuery) {
  if (!query.sql.includes('version()')) {
    throw new DriverAdapterError({
      kind: 'postgres',
      code: '08000',
      severity: 'ERROR',
      message: 'no PostgreSQL server: only a diff between two data models works offline',
      detail: undefined,
      column: undefined,
      hint: undefined,
    });
  }
  return {
    columnNames: ['exists', 'version', 'numeric_version'],
    columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
    rows: [[true, 'PostgreSQL 15.0 (offline diff)', 150000]],
  };
}

export async function withEngine<T>(
  schema: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const schemaFiles = [{ path: 'schema.prisma', content: schema }];
  const { engine, close } = await openSchemaEngine({ schemaFiles, adapterFactory });
  try {
    return await work(engine);
  } finally {
    await close();
  }
}

export interface SchemaDiff {
  changed: boolean;
  /** SQL when asked for a script, else the engine's summary of the changes. */
  text: string;
}

export async function diff(
  engine: SchemaEngine,
  dialect: Dialect,
  from: DiffTarget,
  to: DiffTarget,
  script: boolean,
): Promise<SchemaDiff> {
  const result = await engine.diff({ from, to, script, exitCode: true, filters: schemaFilters(dialect) });
  // With exitCode set, the engine answers 2 when there is a difference and 0 when there is none.
  return { changed: result.exitCode === 2, text: (result.stdout ?? '').trim() };
}

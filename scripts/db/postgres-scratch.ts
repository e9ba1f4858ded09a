// Scratch PostgreSQL databases for the schema check and the tests, and an adapter that introspects.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

export const DEFAULT_BASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The server to create scratch databases on: TEST_DATABASE_URL, else DATABASE_URL, else local. */
export function baseDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_BASE_URL;
}

/** For messages: a database URL without its password. */
export function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const NO_SERVER = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EAI_AGAIN']);

/**
 * False only when nothing answers at the address. A server that answers and refuses (a wrong
 * password, a missing database) is an error to report, not a reason to skip.
 */
export async function serverAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code && NO_SERVER.has(code)) || /timeout/i.test(String(error))) return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates a database with a unique name beside the base URL's, hands its URL over, then drops it. */
export async function withScratchDatabase<T>(
  baseUrl: string,
  prefix: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    try {
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return await work(url.toString());
    } finally {
      // FORCE ends sessions a failed step may have left open (PostgreSQL 13 and later).
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

const CHAR_OID = 18;
const TEXT_OID = 25;

function charColumnsAsText<R>(result: R): R {
  for (const part of Array.isArray(result) ? result : [result]) {
    for (const field of (part as pg.QueryResult | undefined)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

/**
 * adapter-pg 7.10 refuses PostgreSQL's internal `"char"` type, which the engine's introspection
 * reads from the catalogs (pg_class.relkind and the like). pg already returns those values as
 * strings; this client only relabels the columns as text so that the adapter accepts them.
 */
class CatalogReadingClient extends pg.Client {
  // Loosely typed on purpose: pg's many overloads cannot be re-declared one by one.
  /* eslint-disable
    @typescript-eslint/no-explicit-any,
    @typescript-eslint/no-unsafe-member-access,
    @typescript-eslint/no-unsafe-argument,
    @typescript-eslint/no-unsafe-assignment,
    @typescript-eslint/no-unsafe-return,
    @typescript-eslint/no-unsafe-call
    -- pg's overloads */
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config?.submit === 'function') return super.query(config, values, callback);
    const done = typeof values === 'function' ? values : callback;
    const params = typeof values === 'function' ? undefined : values;
    if (typeof done === 'function') {
      return super.query(config, params, (error: Error, result: pg.QueryResult) =>
        done(error, error ? result : charColumnsAsText(result)),
      );
    }
    return super.query(config, params).then(charColumnsAsText);
  }
  /* eslint-enable
    @typescript-eslint/no-explicit-any,
    @typescript-eslint/no-unsafe-member-access,
    @typescript-eslint/no-unsafe-argument,
    @typescript-eslint/no-unsafe-assignment,
    @typescript-eslint/no-unsafe-return,
    @typescript-eslint/no-unsafe-call
  */
}

/** An adapter factory whose connections can introspect the database for a schema diff. */
export function introspectingAdapterFactory(url: string): PrismaPg {
  return new PrismaPg({ connectionString: url, Client: CatalogReadingClient });
}

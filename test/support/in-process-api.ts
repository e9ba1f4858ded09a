// The REST dispatcher called in the test's own process, over a container the test made on a scratch
// PostgreSQL database, one that hears every statement it sends, as the app's route handlers call it.
import { after, before } from 'node:test';
import { createContainer, holdContainer, type Container } from '@/server/container';
import type { StatementListener } from '@/server/db/prisma';
import { createLogger } from '@/server/logger';
import { dispatch } from '@/server/rest/dispatch';
import { appEnv } from './app-process';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './databases';

export const IN_PROCESS_POSTGRES = TEST_DIALECT === 'postgresql';

export interface InProcessApi {
  db: TestDatabase;
  container: Container;
}

/**
 * Before the file's tests (on PostgreSQL runs only): a scratch database, `prepare` run on it, and a
 * container over it that tells `onStatement` each statement and serves the dispatcher in this
 * process. After them, all of it closed and the database dropped.
 */
export function servePostgresInProcess(
  onStatement: StatementListener,
  prepare: (db: TestDatabase, env: Record<string, string>) => Promise<unknown>,
): InProcessApi {
  const api = {} as InProcessApi;
  before(async () => {
    if (!IN_PROCESS_POSTGRES) return;
    api.db = await createTestDatabase('postgresql');
    const env = appEnv(api.db, { BCRYPT_ROUNDS: '4', LOG_LEVEL: 'warn' });
    await prepare(api.db, env);
    api.container = createContainer({ env, logger: createLogger('silent'), onStatement });
    holdContainer(api.container);
  });
  after(async () => {
    if (!IN_PROCESS_POSTGRES) return;
    holdContainer(undefined);
    await api.container?.close();
    await api.db?.drop();
  });
  return api;
}

export interface InProcessAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** One request to `/api/v1${path}`, from a client at 127.0.0.1. */
export async function callApi(method: string, path: string, body?: unknown, token?: string): Promise<InProcessAnswer> {
  const headers: Record<string, string> = { 'x-commerce-auth-socket-ip': '127.0.0.1' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await dispatch(
    new Request(`http://127.0.0.1/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

// The embedded database's sync level, from SQLITE_SYNCHRONOUS to the app's own connection: `normal`
// unless the operator asks for `full`, and nothing else accepted. SQLite keeps the level per
// connection, so each case asks the connection the service itself writes through.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, parseConfig } from '@/core/config';
import { withContainer } from '../support/accounts';
import { createTestDatabase } from '../support/databases';

const secrets = {
  JWT_ACCESS_SECRET: 'a'.repeat(32),
  JWT_REFRESH_SECRET: 'b'.repeat(32),
  MFA_ENCRYPTION_KEY: 'm'.repeat(32),
};

/** PRAGMA synchronous as SQLite reports it: 1 is NORMAL, 2 is FULL. */
async function levelOf(env: Record<string, string>): Promise<number> {
  const db = await createTestDatabase('sqlite');
  try {
    return await withContainer(
      db,
      async ({ db: { prisma } }) => {
        const [row] = await prisma.$queryRawUnsafe<{ synchronous: number | bigint }[]>('PRAGMA synchronous');
        return Number(row!.synchronous);
      },
      env,
    );
  } finally {
    await db.drop();
  }
}

test('the service writes through a connection synced at checkpoints unless SQLITE_SYNCHRONOUS=full', async () => {
  assert.equal(await levelOf({}), 1);
  assert.equal(await levelOf({ SQLITE_SYNCHRONOUS: 'normal' }), 1);
  assert.equal(await levelOf({ SQLITE_SYNCHRONOUS: 'full' }), 2);
});

test('SQLITE_SYNCHRONOUS accepts normal and full only', () => {
  assert.equal(parseConfig({ NODE_ENV: 'production', ...secrets }).sqliteSynchronous, 'normal');
  for (const bad of ['off', 'FULL', 'extra', '2']) {
    assert.throws(
      () => parseConfig({ NODE_ENV: 'production', ...secrets, SQLITE_SYNCHRONOUS: bad }),
      (error: unknown) => error instanceof ConfigError && /SQLITE_SYNCHRONOUS/.test(error.message),
      bad,
    );
  }
});

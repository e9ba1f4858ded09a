// The SQLite change feed, on a database file migrated as the app's is, that another connection
// writes as another instance or the operator CLI would: it reads the counter at most once per
// interval, sees another process's commit once the interval has passed, and this process's own
// change (a real transaction of the app's client) at the next use, before and after it commits.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import { recordAuthChange } from '@/server/db/auth-changes';
import { applyMigrations } from '@/server/db/migrate';
import { createPrismaClient, sqliteFilePath } from '@/server/db/prisma';
import { SQLITE_READ_INTERVAL_MS, sqliteChangeFeed } from '@/server/cache/auth-change-feed';
import { tempDataDir } from './db-support';

/** A migrated database file, this process's client, another process's connection to it and a clock the test moves. */
async function migratedFile(t: TestContext) {
  const dataDir = tempDataDir(t);
  await applyMigrations({ dataDir });
  const db = createPrismaClient({ dataDir });
  const other = new Database(sqliteFilePath(dataDir));
  other.pragma('busy_timeout = 5000');
  const clock = { ms: 1000 };
  const feed = sqliteChangeFeed(sqliteFilePath(dataDir), () => clock.ms);
  t.after(async () => {
    await feed.close();
    other.close();
    await db.close();
  });
  // Another instance's change, committed on its own connection: this process's listeners never hear it.
  const otherCommits = () =>
    other.prepare('UPDATE "AuthChange" SET "version" = "version" + 1 WHERE "id" = 1').run().changes;
  return { db, feed, clock, otherCommits };
}

test("another process's commit is seen once the read interval has passed, and the counter is not read again before", async (t) => {
  const { db, feed, clock, otherCommits } = await migratedFile(t);
  // A freshly migrated database has no counter row yet: the feed reads version 0 and vouches for the cache.
  const empty = feed.generation();
  assert.equal(feed.usable(), true, 'a version was read from the migrated table');
  await db.prisma.$transaction((tx) => recordAuthChange(tx));
  const first = feed.generation();
  assert.notEqual(first, empty, "this process's committed change moved the generation on");
  clock.ms += SQLITE_READ_INTERVAL_MS;
  assert.equal(feed.generation(), first, 'the committed version is the one already seen');
  assert.equal(otherCommits(), 1, "the other process's change reached the counter row");
  clock.ms += SQLITE_READ_INTERVAL_MS - 1;
  assert.equal(feed.generation(), first, 'within the interval the kept read stands');
  clock.ms += 1;
  const second = feed.generation();
  assert.notEqual(second, first, 'the commit is seen by the first use after the interval');
  clock.ms += SQLITE_READ_INTERVAL_MS;
  assert.equal(feed.generation(), second, 'no change, no new generation');
});

test("this process's own change is read at every use until it is seen committed, without waiting for the interval", async (t) => {
  const { db, feed, clock } = await migratedFile(t);
  feed.generation();
  let commit!: () => void;
  let written!: () => void;
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const transaction = db.prisma.$transaction(async (tx) => {
    await recordAuthChange(tx);
    written();
    await new Promise<void>((resolve) => (commit = resolve));
  });
  await wrote;
  const pending = feed.generation();
  assert.equal(feed.usable(), false, 'the cache stands aside while the change is not committed');
  clock.ms += SQLITE_READ_INTERVAL_MS;
  feed.generation();
  assert.equal(feed.usable(), false, 'an uncommitted change is not seen by another connection');
  commit();
  await transaction;
  clock.ms += 1;
  assert.notEqual(feed.generation(), pending, 'the commit moved the generation on');
  assert.equal(feed.usable(), true, 'the commit was read at once');
});

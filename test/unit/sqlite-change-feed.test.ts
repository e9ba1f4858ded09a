// The SQLite change feed, on a real database file that another connection writes as another
// instance or the operator CLI would: it reads the counter at most once per interval, sees another
// process's commit once the interval has passed, and this process's own change at the next use.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import { recordAuthChange } from '@/server/db/auth-changes';
import { SQLITE_READ_INTERVAL_MS, sqliteChangeFeed } from '@/server/cache/auth-change-feed';
import { tempDataDir } from './db-support';

/** A database file holding the counter row, the other process's connection to it and a clock the test moves. */
function counterFile(t: TestContext) {
  const file = path.join(tempDataDir(t), 'auth.db');
  const other = new Database(file);
  other.pragma('journal_mode = WAL');
  other.exec('CREATE TABLE "AuthChange" ("id" INTEGER PRIMARY KEY, "version" INTEGER NOT NULL); INSERT INTO "AuthChange" VALUES (1, 1)');
  const clock = { ms: 1000 };
  const feed = sqliteChangeFeed(file, () => clock.ms);
  t.after(async () => {
    await feed.close();
    other.close();
  });
  const commit = (version: number) => other.prepare('UPDATE "AuthChange" SET "version" = ? WHERE "id" = 1').run(version);
  return { feed, clock, commit };
}

/** What this process's own change tells the feed before its transaction commits (the version it wrote). */
async function localChange(version: number) {
  const tx = { $queryRaw: async () => [{ version }], revocation: { createMany: async () => ({ count: 0 }) } };
  await recordAuthChange(tx as unknown as Parameters<typeof recordAuthChange>[0]);
}

test("another process's commit is seen once the read interval has passed, and the counter is not read again before", (t) => {
  const { feed, clock, commit } = counterFile(t);
  const first = feed.generation();
  assert.equal(feed.usable(), true, 'a version was read');
  commit(2);
  clock.ms += SQLITE_READ_INTERVAL_MS - 1;
  assert.equal(feed.generation(), first, 'within the interval the kept read stands');
  clock.ms += 1;
  const second = feed.generation();
  assert.notEqual(second, first, 'the commit is seen by the first use after the interval');
  clock.ms += SQLITE_READ_INTERVAL_MS;
  assert.equal(feed.generation(), second, 'no change, no new generation');
});

test("this process's own change is read at every use until it is seen committed, without waiting for the interval", async (t) => {
  const { feed, clock, commit } = counterFile(t);
  feed.generation();
  await localChange(2);
  const pending = feed.generation();
  assert.equal(feed.usable(), false, 'the cache stands aside while the change is not committed');
  commit(2);
  clock.ms += 1;
  assert.notEqual(feed.generation(), pending, 'the commit moved the generation on');
  assert.equal(feed.usable(), true, 'the commit was read at once');
});

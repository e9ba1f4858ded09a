// How an instance learns that the change counter moved on: on SQLite by reading it (the file is
// shared with the operator CLI) at most every few milliseconds, on PostgreSQL by LISTEN/NOTIFY with
// a fallback poll.
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Logger } from '@/core/ports';
import type { PrismaClient } from '../db/prisma';
import { onLocalAuthChange, readAuthChangeVersion } from '../db/auth-changes';

export interface AuthChangeFeed {
  /** Moves on whenever a change was observed: answers kept under an older generation are stale. */
  generation(): number;
  /** False while the feed cannot vouch for the cache (a local change not yet seen committed, no recent poll). */
  usable(): boolean;
  close(): Promise<void>;
}

/** Longest a local transaction is waited for before its change is taken as rolled back. */
const LOCAL_CHANGE_DEADLINE_MS = 10_000;

/** Tracks the newest version seen and the newest this process wrote but has not seen committed. */
function versionTracker(now: () => number) {
  let generation = 0;
  let seen: number | undefined;
  let awaited = 0;
  let awaitedUntil = 0;
  const unsubscribe = onLocalAuthChange((version) => {
    generation++;
    awaited = Math.max(awaited, version);
    awaitedUntil = now() + LOCAL_CHANGE_DEADLINE_MS;
  });
  return {
    generation: () => generation,
    observe(version: number) {
      if (version !== seen) generation++;
      seen = version;
    },
    /** A version seen, and nothing this process wrote still pending. */
    settled: () => seen !== undefined && (seen >= awaited || now() > awaitedUntil),
    /** Forget what was seen (a lost connection): the next observation starts over. */
    reset() {
      generation++;
      seen = undefined;
    },
    unsubscribe,
  };
}

/**
 * How long a commit by another process (an instance on the same file, the operator CLI) may go
 * unseen on SQLite. A read of the counter row costs 30-80 µs on a busy server (a read transaction's
 * locks, with cold caches), as much as a tenth of a `me` request when every request made one;
 * read at most this often, it costs under 1 % of a core however many requests come.
 */
export const SQLITE_READ_INTERVAL_MS = 10;

/**
 * SQLite: a read of the counter row on its own connection when the cache is used, at most once
 * every `SQLITE_READ_INTERVAL_MS`. So another process's commit is seen by every request that starts
 * that long after it (the PostgreSQL feed's notification takes about as long), and this process's
 * own change at once: while one is waiting to be seen committed, every use reads again.
 */
export function sqliteChangeFeed(file: string, now: () => number = () => performance.now()): AuthChangeFeed {
  const tracker = versionTracker(Date.now);
  let read: (() => number) | undefined;
  let closeDb = () => {};
  let readAt = -Infinity;
  function check() {
    const at = now();
    if (at - readAt < SQLITE_READ_INTERVAL_MS && tracker.settled()) return;
    readAt = at;
    try {
      if (!read) {
        const db = new Database(file, { fileMustExist: true, timeout: 1000 });
        const statement = db.prepare<[], { version: number }>('SELECT "version" FROM "AuthChange" WHERE "id" = 1');
        read = () => statement.get()?.version ?? 0;
        closeDb = () => db.close();
      }
      tracker.observe(read());
    } catch {
      tracker.reset(); // not migrated yet or unreadable: the cache stands aside
    }
  }
  return {
    generation() {
      check();
      return tracker.generation();
    },
    usable: () => tracker.settled(),
    async close() {
      tracker.unsubscribe();
      closeDb();
    },
  };
}

/**
 * PostgreSQL: a dedicated connection LISTENs on `auth_change` (a trigger announces each committed
 * version) and the counter is also read every `pollMs`. The cache stands aside when no read
 * succeeded within the last second, so neither a missed notification nor a lost connection
 * leaves a stale answer in use for longer than that.
 */
export function postgresChangeFeed(opts: {
  databaseUrl: string;
  prisma: PrismaClient;
  pollMs: number;
  logger: Logger;
}): AuthChangeFeed {
  const tracker = versionTracker(Date.now);
  const STALE_AFTER_MS = 1000;
  let lastRead = 0;
  let listener: pg.Client | undefined;
  let closed = false;

  async function poll() {
    try {
      tracker.observe(await readAuthChangeVersion(opts.prisma));
      lastRead = Date.now();
    } catch {
      // The database does not answer: usable() turns false within a second.
    }
  }

  async function listen() {
    if (closed) return;
    const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5000 });
    client.on('notification', (message) => {
      tracker.observe(Number(message.payload));
      lastRead = Date.now();
    });
    client.on('error', () => undefined); // 'end' follows and reconnects
    client.on('end', () => {
      if (listener === client) listener = undefined;
      if (!closed) setTimeout(() => void listen(), 1000).unref();
    });
    try {
      await client.connect();
      await client.query('LISTEN auth_change');
      listener = client;
      if (closed) await client.end();
    } catch (error) {
      opts.logger.warn(
        { event: 'auth_change_listen_failed', error: (error as Error).message },
        'change notifications unavailable; polling',
      );
      await client.end().catch(() => undefined);
    }
  }

  // Started at first use, so a process that never serves a token route (the CLI) opens nothing.
  let timer: NodeJS.Timeout | undefined;
  function start() {
    if (timer || closed) return;
    timer = setInterval(() => void poll(), opts.pollMs);
    timer.unref();
    void poll();
    void listen();
  }
  return {
    generation() {
      start();
      return tracker.generation();
    },
    usable: () => Date.now() - lastRead < STALE_AFTER_MS && tracker.settled(),
    async close() {
      closed = true;
      clearInterval(timer);
      tracker.unsubscribe();
      await listener?.end().catch(() => undefined);
    },
  };
}

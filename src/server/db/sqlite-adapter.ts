// SQLite driver adapter that is safe when the app and the operator CLI write to one file at once.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
} from '@prisma/driver-adapter-utils';
import type Database from 'better-sqlite3';
import { DEFAULT_SQLITE_SYNCHRONOUS, type SqliteSynchronous } from '@/core/config-env';
import { SQLITE_BUSY_TIMEOUT_MS } from './dialect';
import { keepCompiledStatements } from './sqlite-statements';

// WAL lets readers and one writer work at once across processes, and is a property of the file,
// so every connection sets it. Foreign keys and the sync level are per connection in SQLite; the
// foreign keys carry the cascades. With WAL, `normal` never corrupts the file and loses nothing
// when the process dies; only a power loss or an OS crash may undo the last commits (decision 0031).
const connectionPragmas = (synchronous: SqliteSynchronous) =>
  `PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = ${synchronous.toUpperCase()};`;

/**
 * Wraps @prisma/adapter-better-sqlite3 (7.10), which as shipped has three faults under concurrency:
 * - it opens transactions with a deferred `BEGIN`; when the transaction reads and then writes while
 *   another process has written, SQLite answers SQLITE_BUSY at once, without waiting. `BEGIN
 *   IMMEDIATE` takes the write lock first, so the busy timeout applies and the writers queue;
 * - a failed `BEGIN` never releases its in-process mutex, and a failed `COMMIT` leaves the connection
 *   inside the transaction (prisma/orm#29933);
 * - queries outside a transaction run on the same single connection and silently join whatever
 *   interactive transaction is open there, so a rollback would take them along.
 * Every use of the connection therefore goes through one queue here.
 */
export function createSqliteAdapterFactory(
  file: string,
  synchronous: SqliteSynchronous = DEFAULT_SQLITE_SYNCHRONOUS,
): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaBetterSqlite3({ url: file, timeout: SQLITE_BUSY_TIMEOUT_MS });
  return {
    provider: 'sqlite',
    adapterName: inner.adapterName,
    async connect() {
      const connection = await inner.connect();
      await connection.executeScript(connectionPragmas(synchronous));
      // The adapter keeps its better-sqlite3 handle in a public field that its types leave out.
      const client = (connection as unknown as { client?: Database.Database }).client;
      if (typeof client?.prepare !== 'function')
        throw new Error(`${inner.adapterName} no longer exposes its better-sqlite3 handle as \`client\``);
      keepCompiledStatements(client);
      return new QueuedSqliteAdapter(connection);
    },
    async connectToShadowDb() {
      return new QueuedSqliteAdapter(await inner.connectToShadowDb());
    },
  };
}

/** A FIFO lock: `acquire` resolves with the function that hands the lock to the next waiter. */
class Queue {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    return previous.then(() => release);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

class QueuedSqliteAdapter implements SqlDriverAdapter {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  readonly #connection: SqlDriverAdapter;
  readonly #queue = new Queue();

  constructor(connection: SqlDriverAdapter) {
    this.#connection = connection;
    this.adapterName = connection.adapterName;
  }

  queryRaw(query: SqlQuery) {
    return this.#queue.run(() => this.#connection.queryRaw(query));
  }

  executeRaw(query: SqlQuery) {
    return this.#queue.run(() => this.#connection.executeRaw(query));
  }

  executeScript(script: string) {
    return this.#queue.run(() => this.#connection.executeScript(script));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    // SQLite transactions are always serializable; refuse the rest as the wrapped adapter does.
    if (isolationLevel && isolationLevel !== 'SERIALIZABLE') {
      throw new DriverAdapterError({ kind: 'InvalidIsolationLevel', level: isolationLevel });
    }
    const release = await this.#queue.acquire();
    try {
      await this.#connection.executeScript('BEGIN IMMEDIATE');
    } catch (error) {
      release();
      throw error;
    }
    return new ImmediateTransaction(this.#connection, release);
  }

  dispose() {
    return this.#queue.run(() => this.#connection.dispose());
  }
}

class ImmediateTransaction implements Transaction {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  // The client sends COMMIT and ROLLBACK itself through executeRaw, then calls commit()/rollback().
  readonly options = { usePhantomQuery: false };
  readonly #connection: SqlDriverAdapter;
  readonly #release: () => void;

  constructor(connection: SqlDriverAdapter, release: () => void) {
    this.#connection = connection;
    this.#release = release;
    this.adapterName = connection.adapterName;
  }

  queryRaw(query: SqlQuery) {
    return this.#connection.queryRaw(query);
  }

  executeRaw(query: SqlQuery) {
    return this.#connection.executeRaw(query);
  }

  async commit() {
    this.#release();
  }

  async rollback() {
    // After a failed COMMIT the client calls rollback() without sending ROLLBACK; end the
    // transaction here. After an ordinary ROLLBACK this fails with "no transaction is active".
    // The wrapped adapter throws synchronously rather than rejecting, so a `.catch()` on the call
    // would miss it and the lock would never be released: every later write would hang.
    try {
      await this.#connection.executeScript('ROLLBACK');
    } catch {
      // no transaction was active: the client's own ROLLBACK already ended it
    } finally {
      this.#release();
    }
  }

  createSavepoint(name: string) {
    return this.#connection.executeScript(`SAVEPOINT ${name}`);
  }

  rollbackToSavepoint(name: string) {
    return this.#connection.executeScript(`ROLLBACK TO ${name}`);
  }

  releaseSavepoint(name: string) {
    return this.#connection.executeScript(`RELEASE SAVEPOINT ${name}`);
  }
}

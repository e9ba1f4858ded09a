// The token routes' cache: account state, session state, vendor context and terminal pairing kept
// in a bounded LRU and dropped whole whenever the change feed reports a change (decision 0017).
import type { AccountRepository, SessionRepository } from '@/core/ports';
import type { TerminalRepository } from '@/core/terminal-ports';
import type { AuthChangeFeed } from './auth-change-feed';
import { Lru } from './lru';

export function createTokenRouteCache(size: number, feed: AuthChangeFeed) {
  const entries = new Lru<string, unknown>(size);
  let generation = -1;

  /** `load`'s answer, from memory while nothing changed since it was kept; null answers are never kept. */
  async function through<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    if (size === 0) return load();
    const current = feed.generation();
    if (current !== generation) {
      entries.clear();
      generation = current;
    }
    if (!feed.usable()) return load();
    const kept = entries.get(key);
    if (kept !== undefined) return kept as T;
    const value = await load();
    // A change observed during the read may have come too late for it: keep only an answer read
    // entirely within one generation.
    if (value !== null && feed.generation() === current && feed.usable()) entries.set(key, value);
    return value;
  }

  return {
    get size() {
      return entries.size;
    },

    accounts: (repository: AccountRepository): AccountRepository => ({
      ...repository,
      findById: (role, id) => through(`account:${role}:${id}`, () => repository.findById(role, id)),
      storesFor: async (account) => (await through(`stores:${account.role}:${account.id}`, () => repository.storesFor(account)))!,
    }),

    sessions: (repository: SessionRepository): SessionRepository => ({
      ...repository,
      familyState: (id) => through(`family:${id}`, () => repository.familyState(id)),
    }),

    terminals: (repository: TerminalRepository): TerminalRepository => ({
      ...repository,
      pairedAt: (id) => through(`paired:${id}`, () => repository.pairedAt(id)),
    }),

    close: () => feed.close(),
  };
}

export type TokenRouteCache = ReturnType<typeof createTokenRouteCache>;

// The token routes' cache: account state, session state, vendor context, second-factor summary and terminal pairing
// kept
// in a bounded LRU and dropped whole whenever the change feed reports a change (decision 0017).
import type { FactorRepository } from '@/core/factor-ports';
import type { AccountRepository, SessionRepository } from '@/core/ports';
import type { TerminalRepository } from '@/core/terminal-ports';
import type { AuthChangeFeed } from './auth-change-feed';
import { Lru } from '@/core/lru';

/** What the cache keeps, one kind per wrapped repository method (the metrics' label). */
export type CacheKind = 'account' | 'stores' | 'family' | 'paired' | 'factors';

/** Told of every lookup while the cache is on: answered from memory (hit) or read from the database (miss). */
export interface CacheObserver {
  hit(kind: CacheKind): void;
  miss(kind: CacheKind): void;
}

export function createTokenRouteCache(size: number, feed: AuthChangeFeed, observer?: CacheObserver) {
  const entries = new Lru<string, unknown>(size);
  let generation = -1;

  /** `load`'s answer, from memory while nothing changed since it was kept; null answers are never kept. */
  async function through<T>(kind: CacheKind, id: string, load: () => Promise<T | null>): Promise<T | null> {
    if (size === 0) return load();
    const key = `${kind}:${id}`;
    const current = feed.generation();
    if (current !== generation) {
      entries.clear();
      generation = current;
    }
    const usable = feed.usable();
    const kept = usable ? entries.get(key) : undefined;
    if (kept !== undefined) {
      observer?.hit(kind);
      return kept as T;
    }
    observer?.miss(kind);
    if (!usable) return load();
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
      findById: (role, id) => through('account', `${role}:${id}`, () => repository.findById(role, id)),
      storesFor: async (account) =>
        (await through('stores', `${account.role}:${account.id}`, () => repository.storesFor(account)))!,
    }),

    sessions: (repository: SessionRepository): SessionRepository => ({
      ...repository,
      familyState: (id) => through('family', id, () => repository.familyState(id)),
    }),

    /**
     * The factor summary staff profiles carry (every enrolment, removal and reset moves the change
     * counter); the rules keep reading `summary` from the database.
     */
    factors: (repository: FactorRepository): FactorRepository => ({
      ...repository,
      profileSummary: async (role, accountId) =>
        (await through('factors', `${role}:${accountId}`, () => repository.profileSummary(role, accountId)))!,
    }),

    terminals: (repository: TerminalRepository): TerminalRepository => ({
      ...repository,
      pairedAt: (id) => through('paired', id, () => repository.pairedAt(id)),
    }),

    close: () => feed.close(),
  };
}

export type TokenRouteCache = ReturnType<typeof createTokenRouteCache>;

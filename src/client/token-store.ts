// Where the client keeps each role's token pair: a small interface, in memory by default. Browser
// apps choose their own store (memory, sessionStorage...); terminals can use file-token-store.ts.
import type { z } from 'zod';
import { tokenPair, type Role } from '../contract/auth-schemas';

export const storedTokensSchema = tokenPair.pick({ access_token: true, refresh_token: true });
export type StoredTokens = z.infer<typeof storedTokensSchema>;

/** May answer synchronously or with a promise, so async stores (IndexedDB, files) fit too. */
export interface TokenStore {
  get(role: Role): StoredTokens | null | Promise<StoredTokens | null>;
  set(role: Role, tokens: StoredTokens): void | Promise<void>;
  clear(role: Role): void | Promise<void>;
}

export function memoryTokenStore(initial: Partial<Record<Role, StoredTokens>> = {}): TokenStore {
  const pairs = new Map<Role, StoredTokens>(Object.entries(initial) as [Role, StoredTokens][]);
  return {
    get: (role) => pairs.get(role) ?? null,
    set: (role, tokens) => {
      pairs.set(role, { access_token: tokens.access_token, refresh_token: tokens.refresh_token });
    },
    clear: (role) => {
      pairs.delete(role);
    },
  };
}

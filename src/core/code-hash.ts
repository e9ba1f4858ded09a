// Keyed hashes of short codes (e-mailed reset codes, recovery codes): only these are stored, and
// the key keeps a copy of the database alone from trying every code offline.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '../contract/auth-schemas';

export interface CodeHasher {
  /** Hex HMAC-SHA256 of the code, bound to its account. */
  hash(role: Role, accountId: string, code: string): string;
  /** Whether `code` is the one `hash` was made of, in constant time. */
  matches(role: Role, accountId: string, code: string, hash: string): boolean;
}

/** A hasher for one kind of code; `purpose` separates the keys of different kinds. */
export function createCodeHasher(secret: string, purpose: string): CodeHasher {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const hash = (role: Role, accountId: string, code: string) =>
    createHmac('sha256', key).update(`${role}:${accountId}:${code}`).digest('hex');
  return {
    hash,
    matches(role, accountId, code, stored) {
      const given = Buffer.from(hash(role, accountId, code), 'hex');
      const expected = Buffer.from(stored, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

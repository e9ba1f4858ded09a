// Password hashes in the stored format `sha256$<bcrypt of base64(SHA-256(password))>`: bcrypt reads
// only 72 bytes, so the password is pre-hashed and all of its 256 characters count. Hashes without
// the marker are the earlier plain bcrypt ones, verified as before and upgraded at the next sign-in.
import { createHash } from 'node:crypto';
import type { PasswordHasher } from '@/core/ports';

export const PREHASHED_MARKER = 'sha256$';
/** What bcrypt reads of a plain-bcrypt hash's password; no earlier password was longer. */
const BCRYPT_INPUT_BYTES = 72;

/** base64 of SHA-256: 44 ASCII characters, no NUL byte for bcrypt to stop at. */
export const prehash = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

export function prehashedPasswords<H extends PasswordHasher>(bcrypt: H): H {
  return {
    ...bcrypt,
    hash: async (password) => `${PREHASHED_MARKER}${await bcrypt.hash(prehash(password))}`,
    verify: async (password, stored) => {
      if (stored.startsWith(PREHASHED_MARKER))
        return bcrypt.verify(prehash(password), stored.slice(PREHASHED_MARKER.length));
      // A plain-bcrypt hash would match any longer password sharing its first 72 bytes.
      if (Buffer.byteLength(password, 'utf8') > BCRYPT_INPUT_BYTES) return false;
      return bcrypt.verify(password, stored);
    },
    needsUpgrade: (stored) => !stored.startsWith(PREHASHED_MARKER),
  };
}

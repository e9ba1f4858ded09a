// Recovery codes: 10 random single-use codes per account, shown once and stored as keyed hashes.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../contract/factor-schemas';
import type { Role } from '../../contract/auth-schemas';
import { createCodeHasher } from '../code-hash';
import type { ServiceDeps } from './deps';

// No 0/o, 1/l/i: a code read off paper is typed back right. 31^10 is about 2^49 per code.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** What a typed code is compared as: lower case, without spaces or dashes. */
export const normalisedRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export function createRecoveryCodes({ config }: Pick<ServiceDeps, 'config'>) {
  const codes = createCodeHasher(config.jwt.accessSecret, 'recovery-code');
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

  return {
    hash: (role: Role, accountId: string, code: string) => codes.hash(role, accountId, normalisedRecoveryCode(code)),
    /** A new set: the codes to show once, and the hashes to store. */
    issue(role: Role, accountId: string) {
      const shown = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
      return { shown, hashes: shown.map((code) => codes.hash(role, accountId, normalisedRecoveryCode(code))) };
    },
  };
}

export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;

// The proof-of-work challenge's settings: when it is asked for, its HMAC key, lifetime and difficulty.
import { hkdfSync } from 'node:crypto';
import { ConfigError } from './config-error';
import type { Env } from './config-env';

export type ChallengeMode = Env['CHALLENGE'];

export interface ChallengeSettings {
  mode: ChallengeMode;
  /** Guarded requests a minute, counted across every instance, past which `auto` asks for a challenge. */
  threshold: number;
  /** Signs the challenges handed out: only this service's challenges are accepted. */
  hmacKey: string;
  /** Seconds a challenge can be solved and sent in. */
  ttl: number;
  /** The upper bound of the secret counter the solver searches for: about half of it is tried on average. */
  difficulty: number;
}

/**
 * CHALLENGE_HMAC_KEY, or a key derived from JWT_REFRESH_SECRET by HKDF under a purpose of its own (as
 * secret-box.ts derives its keys), so no new secret is needed and the refresh secret itself never signs a challenge.
 */
export function challengeSettingsOf(e: Env, production: boolean, refreshSecret: string): ChallengeSettings {
  const given = e.CHALLENGE_HMAC_KEY || undefined;
  if (given !== undefined && production && Buffer.byteLength(given, 'utf8') < 32)
    throw new ConfigError(
      'CHALLENGE_HMAC_KEY must be at least 32 bytes long (only NODE_ENV=development accepts shorter)',
    );
  const hmacKey =
    given ?? Buffer.from(hkdfSync('sha256', refreshSecret, 'commerce-auth', 'challenge-hmac', 32)).toString('hex');
  return {
    mode: e.CHALLENGE,
    threshold: e.CHALLENGE_THRESHOLD,
    hmacKey,
    ttl: e.CHALLENGE_TTL,
    difficulty: e.CHALLENGE_DIFFICULTY,
  };
}

// What sets a PIN sign-in's session apart: its tokens name the terminal and the method, and the
// whole family ends PIN_SESSION_MAX_AGE after the sign-in, however often it is refreshed.
import type { Config } from '../config';
import type { NewRefreshToken } from '../ports';

export interface PinSession {
  claims: { terminal_id: string; amr: string[] };
  /** `token` with its expiry moved back to the family's end, when it would outlive it. */
  capped(token: NewRefreshToken): NewRefreshToken;
  ended(now: Date): boolean;
}

/** The PIN session of a family, or undefined for a password sign-in's family. */
export function pinSessionOf(
  family: { terminalId?: string | null; createdAt?: Date },
  config: Pick<Config, 'terminals'>,
): PinSession | undefined {
  if (!family.terminalId) return undefined;
  // Whole seconds, as in the refresh token, so a re-signed token stays identical.
  const started = Math.floor((family.createdAt?.getTime() ?? 0) / 1000) * 1000;
  const end = new Date(started + config.terminals.pinSessionMaxAge * 1000);
  return {
    claims: { terminal_id: family.terminalId, amr: ['pin'] },
    capped: (token) => (token.expiresAt > end ? { ...token, expiresAt: end } : token),
    ended: (now) => now >= end,
  };
}

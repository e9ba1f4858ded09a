// Authenticator-app codes (RFC 6238): SHA-1, 6 digits, 30-second steps, one step of drift either way.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
const SETTINGS = { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS } as const;

/** A new random secret (160 bits), in base32 as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans: issuer and the account's e-mail as its label. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return new TOTP({ ...SETTINGS, issuer, label, secret: Secret.fromBase32(secret) }).toString();
}

/** The time step `code` belongs to at `now` (within one step of drift), or null when it matches none. */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = TOTP.validate({
    ...SETTINGS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now.getTime(),
    window: 1,
  });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

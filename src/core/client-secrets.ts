// The secrets of clients of this service (the platform's services, its apps): made, stored as a
// hash, and checked with the previous one accepted during its overlap after a rotation.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits: guessing is hopeless, so one SHA-256 is the right stored form (no slow hash). */
export const newClientSecret = () => randomBytes(32).toString('base64url');

/** A public id: a prefix naming the kind of client, then 16 random bytes. */
export const newPublicClientId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

export const secretHashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `secret` hashes to `stored`, in time that does not depend on where they differ. */
export function sameHash(secret: string, stored: string | null): boolean {
  if (!stored) return false;
  const given = Buffer.from(secretHashOf(secret), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface StoredSecrets {
  secretHash: string | null;
  previousSecretHash: string | null;
  previousSecretUntil: Date | null;
}

/** Whether `secret` is the client's current secret, or its previous one within the overlap. */
export function acceptsSecret(client: StoredSecrets, secret: string, now: Date): boolean {
  const current = sameHash(secret, client.secretHash);
  const previous =
    sameHash(secret, client.previousSecretHash) &&
    client.previousSecretUntil !== null &&
    client.previousSecretUntil > now;
  return current || previous;
}

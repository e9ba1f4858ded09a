// Encryption of second-factor secrets at rest: AES-256-GCM under a key derived from
// MFA_ENCRYPTION_KEY, so a copy of the database alone does not reveal them.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  /** base64url of IV, ciphertext and tag; `context` (role and account) is bound as associated data. */
  seal(plaintext: string, context: string): string;
  /** The plaintext, or null when the box was not sealed under this key and context. */
  open(sealed: string, context: string): string | null;
}

/** `purpose` derives a key of its own from the one key material: second-factor secrets, webhook secrets. */
export function createSecretBox(keyMaterial: string, purpose = 'second-factor-secrets'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'commerce-auth', purpose, 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

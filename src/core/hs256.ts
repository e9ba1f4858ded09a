// HS256 signatures made with node:crypto's HMAC, in the same compact form jose writes (and verifies).
// jose signs through Web Crypto: an asynchronous job on the thread pool and a promise per signature,
// about 70 µs of CPU where this takes under 30 (docs/decisions/0032-hmac-signing-in-process.md).
// Verification stays with jose, which checks the header, the algorithm and every registered claim.
import { createHmac } from 'node:crypto';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `header` and `payload` are serialised in their own key order, so the same input gives the same token. */
export function signHs256(secret: string, header: { typ: string }, payload: Record<string, unknown>): string {
  const signingInput = `${segment({ alg: 'HS256', ...header })}.${segment(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

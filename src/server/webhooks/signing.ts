// Standard Webhooks 1.0 signatures: v1, and the base64 HMAC-SHA256 of "<id>.<timestamp>.<body>"
// under the secret's bytes (the base64 after whsec_); one per secret, space-separated.
import { createHmac } from 'node:crypto';

const secretBytes = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

export function signatureHeader(
  messageId: string,
  timestampSeconds: number,
  body: string,
  secrets: readonly string[],
): string {
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', secretBytes(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`,
    )
    .join(' ');
}

/** The headers of one attempt: the same webhook-id on every attempt, this attempt's timestamp and signatures. */
export function webhookHeaders(
  messageId: string,
  now: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(messageId, timestamp, body, secrets),
  };
}

// One delivery attempt over Node's own http/https: the URL's scheme and every address it resolves
// to checked first, no redirect followed, the answer read up to 64 KiB, the whole attempt bounded in time.
import http from 'node:http';
import https from 'node:https';
import { hasNonPublicLiteralHost, isPublicAddress } from '@/core/outbound-address';
import { AddressNotAllowed, checkedLookup } from './outbound-address';

/** How much of an answer is read: enough for an error message, never a flood. */
export const ANSWER_LIMIT_BYTES = 64 * 1024;

export interface AttemptResult {
  statusCode: number | null;
  /** Null when the receiver answered 2xx. */
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs: number;
  /** http and non-public addresses allowed (development, or WEBHOOK_ALLOW_PRIVATE=1). */
  allowPrivate: boolean;
}

const allowedFor = (allowPrivate: boolean) => (address: string) => allowPrivate || isPublicAddress(address);

function refusal(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme_not_allowed';
  if (url.protocol === 'http:' && !allowPrivate) return 'https_required';
  // A literal address (or localhost) is not looked up: it is judged here, as at registration.
  if (!allowPrivate && hasNonPublicLiteralHost(url)) return 'address_not_allowed';
  return null;
}

export function sendAttempt(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const refused = refusal(url, options.allowPrivate);
  if (refused) return Promise.resolve({ statusCode: null, error: refused, durationMs: 0 });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, error, durationMs: elapsed() });
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'commerce-auth-webhooks/1',
        },
        lookup: checkedLookup(allowedFor(options.allowPrivate)),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= ANSWER_LIMIT_BYTES) response.destroy();
        });
        const done = () => {
          if (status >= 200 && status < 300) finish(status, null);
          else finish(status, status >= 300 && status < 400 ? 'redirect_not_followed' : `status_${status}`);
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish(null, 'timeout');
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof AddressNotAllowed) return finish(null, 'address_not_allowed');
      finish(null, error.code ? error.code.toLowerCase() : 'connection_failed');
    });
    request.end(body);
  });
}

// The plain answers of the authorization server's own routes: a bounded request body, problem+json
// for the service's errors, and RFC 6750 errors for a bearer token userinfo refuses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problemBody, type AuthError } from '@/core/auth-error';

/** Forms and JSON bodies of these routes are small; a larger one is refused, not buffered. */
const MAX_BODY = 16 * 1024;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendProblem(res: ServerResponse, error: AuthError, headers: Record<string, string> = {}) {
  res.writeHead(error.status, {
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    ...(error.retryAfter ? { 'retry-after': String(error.retryAfter) } : {}),
    ...headers,
  });
  res.end(JSON.stringify(problemBody(error)));
}

/** RFC 6750 section 3: a refused bearer token, with the reason in WWW-Authenticate. */
export function refuseBearer(res: ServerResponse, error: 'invalid_token' | 'invalid_request', description: string) {
  res.writeHead(error === 'invalid_token' ? 401 : 400, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'www-authenticate': `Bearer error="${error}", error_description="${description}"`,
  });
  res.end(JSON.stringify({ error, error_description: description }));
}

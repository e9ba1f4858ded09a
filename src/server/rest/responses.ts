// JSON and problem+json (RFC 9457) responses of the REST adapter.
import { type AuthError, problemBody } from '@/core/auth-error';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** A route that sets its own cache-control (a public key set) drops the no-store pair whole. */
const cachingOf = (extraHeaders: Record<string, string>) => ('cache-control' in extraHeaders ? {} : NO_STORE);

export function jsonResponse(body: unknown, status = 200, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...cachingOf(extraHeaders), ...extraHeaders },
  });
}

/** A JSON body written piece by piece as the reader takes it: the next piece is read only when asked for. */
export function streamedJsonResponse(
  pieces: AsyncIterable<string>,
  status = 200,
  extraHeaders: Record<string, string> = {},
): Response {
  const iterator = pieces[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next: IteratorResult<string, unknown> = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/json', ...NO_STORE, ...extraHeaders } });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: NO_STORE });
}

export function problemResponse(error: AuthError, extraHeaders: Record<string, string> = {}): Response {
  const headers: Record<string, string> = { 'content-type': 'application/problem+json', ...NO_STORE, ...extraHeaders };
  if (error.retryAfter !== undefined) headers['retry-after'] = String(error.retryAfter);
  if (error.code === 'invalid_token') headers['www-authenticate'] = 'Bearer error="invalid_token"';
  // A service client's credentials are HTTP Basic (RFC 7617, RFC 6749 section 2.3.1).
  if (error.code === 'invalid_client') headers['www-authenticate'] = 'Basic realm="service clients", charset="UTF-8"';
  // The rest of an oversized body is never read, so the connection cannot carry another request.
  if (error.code === 'payload_too_large') headers.connection = 'close';
  return new Response(JSON.stringify(problemBody(error)), { status: error.status, headers });
}

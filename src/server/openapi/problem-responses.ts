// The error answers of an operation: one problem+json response per status, naming the codes the
// route can answer with at that status, with the headers that come with them.
import { ERROR_CATALOGUE, type ErrorCode } from '@/contract/errors';
import { schemaRef } from './component-schemas';

/** Every route can answer these: a method it does not serve, and a fault on the server's side. */
export const EVERY_ROUTE_ERRORS: readonly ErrorCode[] = ['method_not_allowed', 'internal'];

const HEADERS: Partial<Record<ErrorCode, Record<string, object>>> = {
  invalid_token: {
    'WWW-Authenticate': { description: 'The bearer challenge: Bearer error="invalid_token".', schema: { type: 'string' } },
  },
  rate_limited: {
    'Retry-After': { description: 'Seconds until the caller may try again.', schema: { type: 'integer', minimum: 1 } },
  },
  method_not_allowed: {
    Allow: { description: 'The methods this path serves.', schema: { type: 'string' } },
  },
};

const WHEN: Partial<Record<ErrorCode, string>> = {
  method_not_allowed: 'the path was called with a method it does not serve',
  internal: 'a fault on the server; the body never carries internals',
  validation_failed: 'malformed JSON, or wrong fields or query parameters; `errors` lists each',
  payload_too_large: 'the body is over the size limit (16 KiB by default)',
  unsupported_media_type: 'the body is not sent as JSON',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Content too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** A problem+json response for `codes`, all of one status. */
export function problemResponse(status: number, codes: readonly ErrorCode[]) {
  const lines = codes.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].title}${WHEN[code] ? ` (${WHEN[code]})` : ''}`);
  // A header is listed only when every code of this status sends it: PIN sign-in's 401 is either
  // invalid_token (with the challenge) or invalid_credentials (without).
  const headers = Object.fromEntries(
    Object.entries(Object.assign({}, ...codes.map((code) => HEADERS[code] ?? {})) as Record<string, object>).filter(([name]) => codes.every((code) => HEADERS[code]?.[name])),
  );
  return {
    description: `${STATUS_TEXT[status] ?? `HTTP ${status}`}, with \`code\`:\n\n${lines.join('\n')}`,
    ...(Object.keys(headers).length ? { headers } : {}),
    content: {
      'application/problem+json': {
        schema: {
          allOf: [schemaRef('Problem'), { type: 'object', properties: { status: { const: status }, code: { enum: [...codes] } } }],
        },
      },
    },
  };
}

/** The responses of `codes` grouped by status, e.g. `{ '400': ..., '401': ... }`, in status order. */
export function problemResponses(codes: readonly ErrorCode[]): Record<string, ReturnType<typeof problemResponse>> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...codes, ...EVERY_ROUTE_ERRORS])) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), problemResponse(status, list)]));
}

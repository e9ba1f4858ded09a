// The error answers of an operation: one problem+json response per status, naming the codes the
// route can answer with at that status, with the headers that come with them.
import { ERROR_CATALOGUE, type ErrorCode } from '@/contract/error-catalogue';
import { ANSWER_HEADERS } from './answer-headers';
import { schemaRef } from './component-schemas';

/** Every route can answer these: a method it does not serve, and a fault on the server's side. */
export const EVERY_ROUTE_ERRORS: readonly ErrorCode[] = ['method_not_allowed', 'internal'];

const HEADERS: Partial<Record<ErrorCode, Record<string, object>>> = {
  invalid_token: {
    'WWW-Authenticate': {
      description: 'The bearer challenge.',
      required: true,
      schema: { type: 'string', const: 'Bearer error="invalid_token"' },
    },
  },
  rate_limited: {
    'Retry-After': {
      description: 'Seconds until the caller may try again.',
      required: true,
      schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 },
    },
  },
  method_not_allowed: {
    Allow: {
      description: 'The methods this path serves.',
      required: true,
      schema: { type: 'string', maxLength: 64, pattern: '^[A-Z]+(, [A-Z]+)*$' },
    },
  },
};

const WHEN: Partial<Record<ErrorCode, string>> = {
  method_not_allowed: 'the path was called with a method it does not serve',
  internal: 'a fault on the server; the body never carries internals',
  validation_failed: 'malformed JSON, or wrong fields or query parameters; `errors` lists each',
  payload_too_large: 'the body is over the size limit (16 KiB by default)',
  unsupported_media_type:
    'the body is not sent as JSON, or form-encoded where the route takes that (RFC 7662 introspection)',
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
  502: 'Bad gateway',
  503: 'Service unavailable',
};

export const NOT_FOUND_REF = { $ref: '#/components/responses/NotFound' } as const;

/** A problem+json response for `codes`, all of one status. */
export function problemResponse(status: number, codes: readonly ErrorCode[]) {
  const lines = codes.map(
    (code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].title}${WHEN[code] ? ` (${WHEN[code]})` : ''}`,
  );
  // A header is required when every code of this status comes with it (a 401 invalid_credentials
  // of the own password change carries no bearer challenge, its 401 invalid_token does).
  const headers: Record<string, object> = { ...ANSWER_HEADERS };
  for (const code of codes) {
    for (const [name, header] of Object.entries(HEADERS[code] ?? {})) {
      headers[name] = { ...header, required: codes.every((other) => name in (HEADERS[other] ?? {})) };
    }
  }
  return {
    description: `${STATUS_TEXT[status] ?? `HTTP ${status}`}, with \`code\`:\n\n${lines.join('\n')}`,
    headers,
    content: {
      'application/problem+json': {
        schema: {
          allOf: [
            schemaRef('Problem'),
            { type: 'object', properties: { status: { const: status }, code: { enum: [...codes] } } },
          ],
        },
      },
    },
  };
}

/** The responses of `codes` grouped by status, e.g. `{ '400': ..., '401': ... }`, in status order. */
export function problemResponses(
  codes: readonly ErrorCode[],
): Record<string, ReturnType<typeof problemResponse> | typeof NOT_FOUND_REF> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...codes, ...EVERY_ROUTE_ERRORS])) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // A plain not_found is the answer every unlisted path gets too: one shared component.
  const responseOf = (status: number, list: ErrorCode[]) =>
    status === 404 && list.length === 1 ? NOT_FOUND_REF : problemResponse(status, list);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [String(status), responseOf(status, list)]),
  );
}

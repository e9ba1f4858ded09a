// The headers of every answer under /api/v1 that the document describes: CORS (see
// src/server/http/cors.ts), which the proxy sets on every REST answer, whatever its status.

/** Longest origin echoed back: a scheme, a DNS name of at most 253 characters and a port. */
const ORIGIN_MAX_LENGTH = 280;

/** The `components.headers` of the document, named as the headers themselves. */
export const HEADER_COMPONENTS = {
  'Access-Control-Allow-Origin': {
    description:
      "Only when the request's `Origin` is an allowed origin (`CORS_ORIGINS`; outside production, any loopback origin too): that origin, echoed. No wildcard, no credentials.",
    required: false,
    schema: { type: 'string', maxLength: ORIGIN_MAX_LENGTH, pattern: '^https?://[^/]+$' },
  },
  Vary: {
    description: 'Always names `Origin`: answers differ by the calling origin, so caches keep them apart.',
    required: true,
    schema: { type: 'string', maxLength: 200, pattern: '(^|, *)Origin(,|$)' },
  },
};

const headerRef = (name: keyof typeof HEADER_COMPONENTS) => ({ $ref: `#/components/headers/${name}` });

/** The headers of every answer, success or problem. */
export const ANSWER_HEADERS = {
  'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin'),
  Vary: headerRef('Vary'),
};

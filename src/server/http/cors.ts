// Which browser origins may call the REST API, and the CORS headers they get (no credentials ever:
// tokens travel in headers and bodies, never in cookies, on these routes).
import type { BrowserConfig } from '@/core/config';

type CorsRules = Pick<BrowserConfig, 'production' | 'corsOrigins'>;

// Outside production any local dev server (Vite, Next, a static server) may call the API.
const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
// x-device-id: the typed client's device marker at sign-in; x-terminal-token: a paired POS
// terminal's device credential (docs/interface.md).
export const CORS_ALLOWED_HEADERS = 'authorization, content-type, x-device-id, x-terminal-token';
/** How long a browser may cache a preflight answer (seconds; Chromium caps it at 7200). */
export const CORS_MAX_AGE = '7200';

export function isAllowedOrigin(origin: string | null, rules: CorsRules): origin is string {
  if (!origin) return false;
  if (rules.corsOrigins.includes(origin)) return true;
  return !rules.production && LOOPBACK_ORIGIN.test(origin);
}

/** Headers of an ordinary API answer: the echo for an allowed origin, and always `Vary: Origin`. */
export function corsResponseHeaders(origin: string | null, rules: CorsRules): Record<string, string> {
  if (!isAllowedOrigin(origin, rules)) return { vary: 'Origin' };
  return { vary: 'Origin', 'access-control-allow-origin': origin, 'access-control-expose-headers': 'Retry-After' };
}

/** A browser's preflight: OPTIONS with Origin and Access-Control-Request-Method. */
export function isPreflight(method: string, headers: Headers): boolean {
  return method === 'OPTIONS' && headers.has('origin') && headers.has('access-control-request-method');
}

/**
 * Headers of the 204 answering a preflight for a route that serves `methods`. Another origin gets the same 204 without
 * any allow
 * header, so the browser blocks the call (see docs/decisions/0010-browsers.md).
 */
export function preflightHeaders(
  origin: string | null,
  rules: CorsRules,
  methods = CORS_ALLOWED_METHODS,
): Record<string, string> {
  if (!isAllowedOrigin(origin, rules)) return { vary: 'Origin' };
  return {
    vary: 'Origin',
    'access-control-allow-origin': origin,
    'access-control-allow-methods': methods,
    'access-control-allow-headers': CORS_ALLOWED_HEADERS,
    'access-control-max-age': CORS_MAX_AGE,
  };
}

// The security headers of every page and every API answer, and the page's Content-Security-Policy
// around a per-request nonce that Next.js reads back from the request to mark its own scripts.

/** A fresh nonce per page request: 16 random bytes, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * `dev` is Next's development server, whose React needs eval for its error overlay and injects
 * styles without a nonce; a built app gets neither allowance.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The proof-of-work solver runs in a worker of the app's own scripts.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// Passkeys (publickey-credentials-*) stay allowed for the app's own origin; the rest is unused.
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
].join(', ');

export function pageSecurityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
  };
}

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

export const STRICT_TRANSPORT_SECURITY = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/** Set by the app's own HTTP server: '1' when the socket is TLS; any value a client sends is replaced. */
export const SOCKET_TLS_HEADER = 'x-commerce-auth-socket-tls';

/**
 * Whether the browser reached us over https: a TLS socket, or behind trusted proxies the
 * X-Forwarded-Proto they set (the first hop's value is the browser's). Next.js's own idea of the
 * request URL cannot tell: it believes X-Forwarded-Proto from anyone.
 */
export function cameOverHttps(headers: Headers, trustProxyHops: number): boolean {
  if (headers.get(SOCKET_TLS_HEADER) === '1') return true;
  if (trustProxyHops === 0) return false;
  return headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

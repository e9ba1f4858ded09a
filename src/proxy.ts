// Runs before every page and API route: CORS for the REST API (preflights answered here), the
// security headers of pages and API answers, and a fresh CSP nonce that Next.js applies to its scripts.
import { NextResponse, type NextRequest } from 'next/server';
import { parseBrowserConfig, type BrowserConfig } from '@/core/config';
import { corsResponseHeaders, isPreflight, preflightHeaders } from '@/server/http/cors';
import {
  API_SECURITY_HEADERS, cameOverHttps, contentSecurityPolicy, newNonce, pageSecurityHeaders, STRICT_TRANSPORT_SECURITY,
} from '@/server/http/security-headers';

let browserConfig: BrowserConfig | undefined;
const dev = process.env.NODE_ENV === 'development';

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  // Parsed on first use: the start script has validated the same variables already.
  browserConfig ??= parseBrowserConfig(process.env);
  const { pathname } = request.nextUrl;
  const transport = cameOverHttps(request.headers, browserConfig.trustProxyHops) ? STRICT_TRANSPORT_SECURITY : {};

  if (pathname.startsWith('/api/')) {
    const rest = pathname.startsWith('/api/v1/');
    const origin = request.headers.get('origin');
    if (rest && isPreflight(request.method, request.headers)) {
      return withHeaders(new NextResponse(null, { status: 204 }), { ...API_SECURITY_HEADERS, ...transport, ...preflightHeaders(origin, browserConfig) });
    }
    const cors = rest ? corsResponseHeaders(origin, browserConfig) : {};
    return withHeaders(NextResponse.next(), { ...API_SECURITY_HEADERS, ...transport, ...cors });
  }

  const csp = contentSecurityPolicy(newNonce(), dev);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), { ...pageSecurityHeaders(csp), ...transport });
}

export const config = {
  // Build output and the icon are immutable files that carry no page and no data.
  matcher: ['/((?!_next/static|_next/image|icon.svg|favicon.ico).*)'],
};

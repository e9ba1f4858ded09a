// Runs before every page: the security headers of pages and a fresh CSP nonce that Next.js applies
// to its scripts. API answers get their headers (CORS included) from their own adapters, which spares
// every API request this pass (decision 0024).
import { NextResponse, type NextRequest } from 'next/server';
import { parseBrowserConfig, type BrowserConfig } from '@/core/config';
import { cameOverHttps, contentSecurityPolicy, newNonce, pageSecurityHeaders, STRICT_TRANSPORT_SECURITY } from '@/server/http/security-headers';

let browserConfig: BrowserConfig | undefined;
const dev = process.env.NODE_ENV === 'development';

export function proxy(request: NextRequest): NextResponse {
  // Parsed on first use: the start script has validated the same variables already.
  browserConfig ??= parseBrowserConfig(process.env);
  const transport: Record<string, string> = cameOverHttps(request.headers, browserConfig.trustProxyHops) ? STRICT_TRANSPORT_SECURITY : {};
  const csp = contentSecurityPolicy(newNonce(), dev);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries({ ...pageSecurityHeaders(csp), ...transport })) response.headers.set(name, value);
  return response;
}

export const config = {
  // Build output and the icon are immutable files that carry no page and no data; the REST API and
  // the pages' tRPC endpoint set their own headers (src/server/http/api-headers.ts).
  matcher: ['/((?!_next/static|_next/image|icon.svg|favicon.ico|api/v1/|api/v1$|api/trpc/).*)'],
};

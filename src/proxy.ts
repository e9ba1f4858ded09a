// Runs before every page: the security headers of pages and a fresh CSP nonce that Next.js applies
// to its scripts. API answers get their headers (CORS included) from their own adapters, which spares
// every API request this pass (decision 0024). A form posted to a page, which happens only before
// the page's script has run, is sent back to the page by a 303: nothing serves such a post, and
// the page then says that it needs JavaScript. The one exception is the pages' provider callback:
// Apple posts its answer there as a form (response_mode=form_post), and the callback reads it.
import { NextResponse, type NextRequest } from 'next/server';
import { parseBrowserConfig, processEnvironment, underNextDev, type BrowserConfig } from '@/core/config';
import { PAGES_CALLBACK_PATH } from '@/core/oidc-config';
import {
  cameOverHttps,
  contentSecurityPolicy,
  newNonce,
  pageSecurityHeaders,
  STRICT_TRANSPORT_SECURITY,
} from '@/server/http/security-headers';

let browserConfig: BrowserConfig | undefined;
const dev = underNextDev();

/**
 * A browser's form submission: what a page's form sends when its script has not taken it over (not a provider's
 * answer).
 */
function isFormPost(request: NextRequest): boolean {
  const media = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return (
    request.method === 'POST' &&
    (media === 'application/x-www-form-urlencoded' || media === 'multipart/form-data') &&
    request.nextUrl.pathname !== PAGES_CALLBACK_PATH
  );
}

export function proxy(request: NextRequest): NextResponse {
  // Parsed on first use: the start script has validated the same variables already.
  browserConfig ??= parseBrowserConfig(processEnvironment());
  const transport: Record<string, string> = cameOverHttps(request.headers, browserConfig.trustProxyHops)
    ? STRICT_TRANSPORT_SECURITY
    : {};
  const csp = contentSecurityPolicy(newNonce(), dev);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  // The body (a password, maybe) is never read: the page is asked for again, without it.
  const response = isFormPost(request)
    ? NextResponse.redirect(request.nextUrl, 303)
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries({ ...pageSecurityHeaders(csp), ...transport }))
    response.headers.set(name, value);
  return response;
}

export const config = {
  // Build output and the icon are immutable files that carry no page and no data; the REST API and
  // the pages' tRPC endpoint set their own headers (src/server/http/api-headers.ts).
  matcher: ['/((?!_next/static|_next/image|icon.svg|favicon.ico|api/v1/|api/v1$|api/trpc/).*)'],
};

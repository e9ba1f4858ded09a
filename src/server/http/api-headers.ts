// The headers of every API answer, set by the adapters themselves as they answer: nosniff and
// no-store, HSTS when the request came over https, and on the REST API the CORS headers; and the
// answer to OPTIONS, preflight or not, from the methods of the route it names (decision 0024).
import { parseBrowserConfig, processEnvironment, type BrowserConfig } from '@/core/config';
import { corsResponseHeaders, isPreflight, preflightHeaders } from './cors';
import { API_SECURITY_HEADERS, cameOverHttps, STRICT_TRANSPORT_SECURITY } from './security-headers';

let browserConfig: BrowserConfig | undefined;

/** Parsed on first use: the start script has validated the same variables already. */
export function browserRules(): BrowserConfig {
  return (browserConfig ??= parseBrowserConfig(processEnvironment()));
}

/** Which API an answer belongs to: only the REST API is offered to other origins. */
export type ApiKind = 'rest' | 'trpc';

export function apiHeaders(
  headers: Headers,
  kind: ApiKind,
  rules: BrowserConfig = browserRules(),
): Record<string, string> {
  const transport = cameOverHttps(headers, rules.trustProxyHops) ? STRICT_TRANSPORT_SECURITY : {};
  const cors = kind === 'rest' ? corsResponseHeaders(headers.get('origin'), rules) : {};
  return { ...API_SECURITY_HEADERS, ...transport, ...cors };
}

/** The answer with the API's headers added (its own headers win where both set one, e.g. a preflight's Vary). */
export function withApiHeaders(response: Response, request: Request, kind: ApiKind): Response {
  for (const [name, value] of Object.entries(apiHeaders(request.headers, kind))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/**
 * OPTIONS on a route that serves `methods`: 204 with Allow. A browser's preflight also gets the
 * CORS allowance for those methods when its origin is allowed, and only Vary otherwise, so the
 * browser blocks the call (docs/decisions/0010-browsers.md).
 */
export function optionsAnswer(request: Request, methods: readonly string[]): Response {
  const headers: Record<string, string> = { allow: [...methods, 'OPTIONS'].join(', ') };
  if (isPreflight(request.method, request.headers))
    Object.assign(headers, preflightHeaders(request.headers.get('origin'), browserRules(), methods.join(', ')));
  return new Response(null, { status: 204, headers });
}

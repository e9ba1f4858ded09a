// The cross-site request rule for endpoints that act on the session cookie: a browser request from
// another site is refused even though SameSite=Strict should already keep the cookie off it.
import type { BrowserConfig } from '@/core/config';
import { cameOverHttps } from './security-headers';

/** The app's public origin: APP_URL, or the scheme and Host of the request. */
export function appOriginOf(
  url: URL,
  headers: Headers,
  config: Pick<BrowserConfig, 'appUrl' | 'trustProxyHops'>,
): string {
  if (config.appUrl) return config.appUrl;
  const host = headers.get('host') ?? url.host;
  return `${cameOverHttps(headers, config.trustProxyHops) ? 'https' : 'http'}://${host}`.toLowerCase();
}

/**
 * Why a request must be refused as cross-site, or undefined. Browsers send Origin on every POST
 * and Sec-Fetch-Site on every request; callers that send neither are not browsers and carry no
 * ambient cookie a third-party page could abuse.
 */
export function crossSiteReason(headers: Headers, appOrigin: string): string | undefined {
  if (headers.get('sec-fetch-site') === 'cross-site') return 'Sec-Fetch-Site is cross-site';
  const origin = headers.get('origin');
  if (origin !== null && origin.toLowerCase() !== appOrigin) return 'Origin is not the app';
  return undefined;
}

// The refresh-token cookie of the bundled pages: httpOnly, SameSite=Strict, scoped to the role's
// session endpoint, Secure everywhere except plain-http development, `__Secure-`-named over https.
import type { Role } from '@/contract/auth-schemas';
import { sessionEndpoint } from '../../contract/trpc-endpoints';

export interface CookieJar {
  /** Cookies the request carried, by name. */
  cookies: Record<string, string>;
  /** Headers of the response; Set-Cookie lines are appended here. */
  resHeaders: Headers;
  secureCookies: boolean;
  /** The request came over https (directly or as TRUST_PROXY reports): the cookie's name then says so. */
  overHttps?: boolean;
}

/**
 * Over https the name carries the `__Secure-` prefix, so a browser accepts the cookie only with
 * Secure from a secure origin: a man in the middle on plain http cannot plant or overwrite it.
 */
export const refreshCookieName = (role: Role, overHttps = false) => `${overHttps ? '__Secure-' : ''}${role}_refresh_token`;

function serialize(jar: CookieJar, role: Role, value: string, maxAgeSeconds: number): string {
  const secure = jar.secureCookies || jar.overHttps === true;
  return [
    `${refreshCookieName(role, jar.overHttps)}=${encodeURIComponent(value)}`,
    `Path=${sessionEndpoint(role)}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    // Browsers refuse Secure cookies over plain http on hosts other than localhost, so
    // development over http (e.g. a LAN address) leaves it off; production always sets it.
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setRefreshCookie(jar: CookieJar, role: Role, refreshToken: string, maxAgeSeconds: number): void {
  jar.resHeaders.append('set-cookie', serialize(jar, role, refreshToken, maxAgeSeconds));
}

export function clearRefreshCookie(jar: CookieJar, role: Role): void {
  jar.resHeaders.append('set-cookie', serialize(jar, role, '', 0));
}

export function refreshCookieOf(jar: CookieJar, role: Role): string | undefined {
  return jar.cookies[refreshCookieName(role, jar.overHttps)] || undefined;
}

/** Parses a Cookie request header; malformed percent-encoding keeps the raw value. */
export function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw value; the token verifier refuses it
    }
    cookies[name] ??= value;
  }
  return cookies;
}

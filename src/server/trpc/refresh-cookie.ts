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
export const refreshCookieName = (role: Role, overHttps = false) =>
  `${overHttps ? '__Secure-' : ''}${role}_refresh_token`;

/**
 * Every cookie of the pages: httpOnly, SameSite=Strict (Lax only for the one a provider's redirect
 * back must carry), scoped to `path`, Secure where the browser allows it.
 */
export function appendCookie(
  jar: CookieJar,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; sameSite?: 'Strict' | 'Lax' },
): void {
  const cookie = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${options.sameSite ?? 'Strict'}`,
    // Browsers refuse Secure cookies over plain http on hosts other than localhost, so
    // development over http (e.g. a LAN address) leaves it off; production always sets it.
    ...(jar.secureCookies ? ['Secure'] : []),
  ];
  jar.resHeaders.append('set-cookie', cookie.join('; '));
}

export function setRefreshCookie(jar: CookieJar, role: Role, refreshToken: string, maxAgeSeconds: number): void {
  appendCookie(jar, refreshCookieName(role, jar.overHttps), refreshToken, {
    path: sessionEndpoint(role),
    maxAgeSeconds,
  });
}

export function clearRefreshCookie(jar: CookieJar, role: Role): void {
  setRefreshCookie(jar, role, '', 0);
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

// The pages' provider flows are bound to the browser that started them: a random value in an
// httpOnly cookie sent only to the pages' callback, whose hash the flow keeps. A callback URL opened
// in another browser (a sign-in CSRF: someone else's code and state) finds no flow.
import { createHash, randomBytes } from 'node:crypto';
import { PAGES_CALLBACK_PATH } from '@/core/oidc-config';
import { appendCookie, type CookieJar } from '../trpc/refresh-cookie';

const COOKIE = 'customer_oidc_browser';
const LIFETIME_SECONDS = 10 * 60;

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * A new binding for a flow this browser starts; the hash to store with it. Lax, not Strict: the
 * provider's redirect back is a navigation from another site, which a Strict cookie would miss.
 */
export function bindBrowser(jar: CookieJar): string {
  const value = randomBytes(32).toString('base64url');
  appendCookie(jar, COOKIE, value, { path: PAGES_CALLBACK_PATH, maxAgeSeconds: LIFETIME_SECONDS, sameSite: 'Lax' });
  return hashOf(value);
}

/** The hash of the binding this browser sent, spent (the cookie is cleared); undefined when it sent none. */
export function spendBrowserBinding(jar: CookieJar): string | undefined {
  const value = jar.cookies[COOKIE];
  if (!value) return undefined;
  appendCookie(jar, COOKIE, '', { path: PAGES_CALLBACK_PATH, maxAgeSeconds: 0, sameSite: 'Lax' });
  return hashOf(value);
}

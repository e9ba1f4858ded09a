// The pages' guest session: its refresh token in an httpOnly cookie of its own, sent to every tRPC
// procedure (a customer's sign-in there presents it, to link the guest) and so to the customer's
// session endpoint (its refresh and logout). A provider's sign-in carries it to the pages' callback
// in a short-lived Lax cookie, as the flow's browser binding goes (a redirect from the provider's
// site would not carry a Strict one).
import { PAGES_CALLBACK_PATH } from '@/core/oidc-config';
import { TRPC_ENDPOINT } from '@/contract/trpc-endpoints';
import { appendCookie, type CookieJar } from './refresh-cookie';

const FLOW_SECONDS = 10 * 60;

const guestCookieName = (overHttps = false) => `${overHttps ? '__Secure-' : ''}customer_guest_token`;
const FLOW_COOKIE = 'customer_oidc_guest';

export function setGuestCookie(jar: CookieJar, refreshToken: string, maxAgeSeconds: number): void {
  appendCookie(jar, guestCookieName(jar.overHttps), refreshToken, { path: TRPC_ENDPOINT, maxAgeSeconds });
}

export const guestCookieOf = (jar: CookieJar): string | undefined =>
  jar.cookies[guestCookieName(jar.overHttps)] || undefined;

export const clearGuestCookie = (jar: CookieJar): void => setGuestCookie(jar, '', 0);

/** A customer signed in from the pages: the guest session it presented (if any) has ended; so goes its cookie. */
export function afterCustomerSignIn(jar: CookieJar): void {
  if (guestCookieOf(jar)) clearGuestCookie(jar);
}

/** A provider's sign-in started by a guest: its token goes along to the pages' callback. */
export function carryGuestToCallback(jar: CookieJar): void {
  const guestToken = guestCookieOf(jar);
  if (!guestToken) return;
  appendCookie(jar, FLOW_COOKIE, guestToken, {
    path: PAGES_CALLBACK_PATH,
    maxAgeSeconds: FLOW_SECONDS,
    sameSite: 'Lax',
  });
}

/** At the pages' callback: the guest token the flow carried, spent (both cookies are cleared). */
export function guestAtCallback(jar: CookieJar): string | undefined {
  const guestToken = jar.cookies[FLOW_COOKIE] || undefined;
  if (!guestToken) return undefined;
  appendCookie(jar, FLOW_COOKIE, '', { path: PAGES_CALLBACK_PATH, maxAgeSeconds: 0, sameSite: 'Lax' });
  clearGuestCookie(jar);
  return guestToken;
}

// The `locale` cookie: the language a browser chose with a page's switch or an account's chooser.
// Read by the pages' request configuration; it carries no secret, so page script sets it.
import { LOCALE_COOKIE, type Locale } from '@/contract/locales';

/** Remembers `locale` for a year on this browser (every path: all the pages share one language). */
export function rememberLocale(locale: Locale) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}

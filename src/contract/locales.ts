// The languages the pages and mails come in. A person's saved `locale` is one of these; the
// pages and mails of any other language fall back to DEFAULT_LOCALE (docs/languages.md).
import { z } from 'zod';

export const LOCALES = ['en', 'de', 'fr', 'es', 'ar'] as const;

export type Locale = (typeof LOCALES)[number];

export const localeSchema = z.enum(LOCALES).meta({
  description: 'The language of the pages and mails, as a BCP 47 primary language subtag.',
  example: 'de',
});

/** The cookie a page's language switch sets: the browser's choice, above its Accept-Language. */
export const LOCALE_COOKIE = 'locale';

/** The languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr');

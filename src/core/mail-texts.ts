// The port the mails' texts come through: a translator of the `mail` catalogue for one language,
// with its date format. The core builds the mails from it and stays free of any i18n library.
import type { Locale } from '../contract/locales';
import type { ClientInfo } from './client-info';

export type MailValues = Record<string, string | number>;

export interface MailText {
  locale: Locale;
  /** The message `key` (dotted, within the mail catalogue) with `values` filled in. */
  t(key: string, values?: MailValues): string;
  /** An instant as the language writes a date and time, in UTC and saying so. */
  dateTime(at: Date): string;
}

/** The texts of one language. */
export type MailTexts = (locale: Locale) => MailText;

/**
 * The language of a mail: the recipient's saved choice, else what the request that caused it asks
 * for (Accept-Language, or the pages' language cookie), else DEFAULT_LOCALE.
 */
export const mailLocaleOf = (
  recipient: { locale?: Locale | null } | null | undefined,
  client: ClientInfo | undefined,
  fallback: Locale,
): Locale => recipient?.locale ?? client?.locale ?? fallback;

/** What picks a mail's texts: the translators and DEFAULT_LOCALE (parts of the service's deps). */
export interface MailLanguage {
  mailTexts: MailTexts;
  config: { browser: { defaultLocale: Locale } };
}

/** The texts for a mail to `recipient` caused by a request from `client` (none: the CLI, a sweep). */
export const mailTextFor = (
  deps: MailLanguage,
  recipient: { locale?: Locale | null } | null | undefined,
  client?: ClientInfo,
): MailText => deps.mailTexts(mailLocaleOf(recipient, client, deps.config.browser.defaultLocale));

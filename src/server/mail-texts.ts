// The mails' texts in each language: the `mail` area of the pages' catalogues, formatted by
// intl-messageformat (ICU plurals and arguments) and Intl.DateTimeFormat. A key missing from a
// catalogue throws, so a mail never goes out with a key in place of its text.
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '@/contract/locales';
import type { MailText, MailTexts, MailValues } from '@/core/mail-texts';
import type { Messages } from '@/ui/messages/areas';
import { messagesOf } from '@/ui/messages/catalogues';

function messageAt(messages: Messages, key: string): string {
  let at: string | Messages | undefined = messages;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`the mail catalogue has no message ${key}`);
  return at;
}

function mailTextOf(locale: Locale): MailText {
  const messages = messagesOf(locale).mail;
  const formats = new Map<string, IntlMessageFormat>();
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return {
    locale,
    t(key: string, values?: MailValues) {
      let format = formats.get(key);
      if (!format) formats.set(key, (format = new IntlMessageFormat(messageAt(messages, key), locale)));
      return String(format.format(values));
    },
    dateTime: (at: Date) => `${dates.format(at)} UTC`,
  };
}

/** One translator per language, made on first use. */
export function createMailTexts(): MailTexts {
  const made = new Map<Locale, MailText>();
  return (locale) => {
    let text = made.get(locale);
    if (!text) made.set(locale, (text = mailTextOf(locale)));
    return text;
  };
}

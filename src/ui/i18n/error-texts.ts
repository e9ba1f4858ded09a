// How the pages word a problem in the page's language: their own message for each problem code of
// the contract's error catalogue (the `errors` area), set by the pages' messages provider. The
// service words its problems in English; an English page shows the service's words, which can be
// more specific than the code's message (decision 0050).
import type { Locale } from '@/contract/locales';

export interface ErrorTexts {
  locale: Locale;
  /** The page's message for a problem code, if the catalogue has one. */
  of(code: string): string | undefined;
  /** The words of "the service cannot be reached". */
  network: string;
  /** "Too many attempts", with the wait in words and the clock time it ends. */
  retry(seconds: number, at: Date): string;
}

let active: ErrorTexts | undefined;

/** Called by the messages provider as it renders, before any page component reads an error. */
export function setActiveErrorTexts(texts: ErrorTexts) {
  active = texts;
}

export const activeErrorTexts = (): ErrorTexts | undefined => active;

/** The wait in its largest sensible unit: seconds up to 90, then minutes up to 90, then hours. */
function waitOf(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds < 90) return { unit: 'seconds', count: seconds };
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? { unit: 'minutes', count: minutes } : { unit: 'hours', count: Math.ceil(minutes / 60) };
}

type Translate = ((key: string, values?: Record<string, string | number>) => string) & { has(key: string): boolean };

/** The texts of `locale` from its `common` and `errors` messages. */
export function errorTextsOf(locale: Locale, common: Translate, errors: Translate): ErrorTexts {
  return {
    locale,
    of: (code) => (errors.has(code) ? errors(code) : undefined),
    network: common('network'),
    retry(seconds, at) {
      const { unit, count } = waitOf(seconds);
      const clock = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
      return common('retry', { wait: common(`wait.${unit}`, { count }), clock });
    },
  };
}

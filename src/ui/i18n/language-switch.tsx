'use client';
// The language of the pages: a select listing each language by its own name. Choosing one keeps it
// in the browser's `locale` cookie and renders the page again in it; a signed-in page also saves it
// on the account (`save`), so the account's mails follow.
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { isLocale, LOCALES, type Locale } from '@/contract/locales';
import { LANGUAGE_NAMES } from './language-names';
import { rememberLocale } from './locale-cookie';
import styles from './language-switch.module.css';

export function LanguageSwitch({ save }: { save?: (locale: Locale) => Promise<unknown> }) {
  const t = useTranslations('common.language');
  const current = useLocale();
  const router = useRouter();
  const id = useId();
  const [failed, setFailed] = useState(false);

  async function choose(value: string) {
    if (!isLocale(value)) return;
    setFailed(false);
    try {
      await save?.(value);
    } catch {
      setFailed(true);
      return;
    }
    rememberLocale(value);
    router.refresh();
  }

  return (
    <div className={styles.switch}>
      <label htmlFor={id}>{t('label')}</label>
      <select
        id={id}
        name="locale"
        value={current}
        onChange={(event) => void choose(event.target.value)}
        aria-describedby={failed ? `${id}-failed` : undefined}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
      {failed ? (
        <span id={`${id}-failed`} role="alert">
          {t('failed')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A signed-in page whose account saved another language than the page's moves to it: the saved
 * choice outranks the browser's (a new browser, or a choice made elsewhere).
 */
export function useSavedLocale(saved: Locale | null | undefined) {
  const current = useLocale();
  const router = useRouter();
  useEffect(() => {
    if (!saved || saved === current) return;
    rememberLocale(saved);
    router.refresh();
  }, [saved, current, router]);
}

'use client';
// The pages' messages on the client: the request's language and its catalogue, from the root layout.
// A missing message shows as a marker the browser tests refuse and is reported as a console error,
// which fails any browser test that meets it; the dates follow the browser's own time zone.
import {
  createTranslator,
  IntlErrorCode,
  NextIntlClientProvider,
  useLocale,
  useMessages,
  type IntlError,
} from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { isLocale, type Locale } from '@/contract/locales';
import type { Messages } from '../messages/areas';
import { errorTextsOf, setActiveErrorTexts } from './error-texts';
import { missingMessage } from './missing';

function reportError(error: IntlError) {
  console.error(`messages: ${error.code}: ${error.originalMessage ?? error.message}`);
}

const fallback = ({ namespace, key }: { namespace?: string; key: string }) =>
  missingMessage(namespace ? `${namespace}.${key}` : key);

/** The browser's time zone; on the server, where no page shows a date before its data loads, UTC. */
const timeZone = () => (typeof window === 'undefined' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone);

export function IntlProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Record<string, Messages>;
  children: ReactNode;
}) {
  const errorTexts = useMemo(() => {
    // The catalogue's keys are not typed (they are data), so neither are these translators.
    const of = (namespace: 'common' | 'errors') =>
      createTranslator({
        locale,
        messages,
        namespace,
        onError: reportError,
        getMessageFallback: fallback,
      }) as unknown as Parameters<typeof errorTextsOf>[1];
    return errorTextsOf(locale, of('common'), of('errors'));
  }, [locale, messages]);
  // Read by shownErrorOf, which the pages call outside of React as well as in it.
  setActiveErrorTexts(errorTexts);
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={messages}
      timeZone={timeZone()}
      onError={(error) => (error.code === IntlErrorCode.ENVIRONMENT_FALLBACK ? undefined : reportError(error))}
      getMessageFallback={fallback}
    >
      {children}
    </NextIntlClientProvider>
  );
}

/** More areas for a part of the site, merged with the ones its parent provider already holds. */
export function MoreMessages({ messages, children }: { messages: Record<string, Messages>; children: ReactNode }) {
  const parent = useMessages() as Record<string, Messages>;
  const found = useLocale();
  const merged = useMemo(() => ({ ...parent, ...messages }), [parent, messages]);
  return (
    <IntlProvider locale={isLocale(found) ? found : 'en'} messages={merged}>
      {children}
    </IntlProvider>
  );
}

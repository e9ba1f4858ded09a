// The pages' language for one request (next-intl's request configuration, named in next.config.mjs):
// the `locale` cookie (a switch's or an account's choice), else the browser's Accept-Language, else
// DEFAULT_LOCALE. The page paths carry no language, so links and bookmarks stay as they are.
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE } from '@/contract/locales';
import { parseBrowserConfig, processEnvironment, type BrowserConfig } from '@/core/config';
import { requestedLocale } from '@/core/locale';
import { messagesOf } from '../messages/catalogues';

let browserConfig: BrowserConfig | undefined;

export default getRequestConfig(async () => {
  browserConfig ??= parseBrowserConfig(processEnvironment());
  const locale =
    requestedLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get('accept-language')) ??
    browserConfig.defaultLocale;
  return { locale, messages: messagesOf(locale), timeZone: 'UTC' };
});

// The messages a part of the site hands to its pages' browser (PAGE_AREAS): the root layout gives
// every page the common areas, and the layouts of /account, /admin and /vendor add theirs, so a page
// carries the catalogue of its own part alone and never the mails'.
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { isLocale } from '@/contract/locales';
import { PAGE_AREAS, type Messages, type SitePart } from '../messages/areas';
import { IntlProvider, MoreMessages } from './intl-provider';

async function areasOf(part: SitePart): Promise<Record<string, Messages>> {
  const all = (await getMessages()) as Record<string, Messages>;
  return Object.fromEntries(PAGE_AREAS[part].map((area) => [area, all[area] ?? {}]));
}

/** The root layout's provider: the request's language with the areas every page reads. */
export async function RootMessages({ children }: { children: ReactNode }) {
  const found = await getLocale();
  const locale = isLocale(found) ? found : 'en';
  return (
    <IntlProvider locale={locale} messages={await areasOf('root')}>
      {children}
    </IntlProvider>
  );
}

/** A part's layout: its areas on top of the root's. */
export async function PartMessages({ part, children }: { part: Exclude<SitePart, 'root'>; children: ReactNode }) {
  return <MoreMessages messages={await areasOf(part)}>{children}</MoreMessages>;
}

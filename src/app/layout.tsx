// The root layout: the design system's base styles, the request's language (lang, dir and its
// messages, docs/languages.md) and the tRPC/React Query provider.
import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { directionOf, isLocale } from '@/contract/locales';
import { RootMessages } from '@/ui/i18n/page-messages';
import { TrpcProvider } from '@/ui/trpc/provider';
import '@/ui/styles/globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  return { title: { default: 'Commerce Auth', template: '%s · Commerce Auth' }, description: t('description') };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request, so Next.js can put the request's CSP nonce on its scripts.
  await connection();
  const found = await getLocale();
  const locale = isLocale(found) ? found : 'en';
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        <RootMessages>
          <TrpcProvider>{children}</TrpcProvider>
        </RootMessages>
      </body>
    </html>
  );
}

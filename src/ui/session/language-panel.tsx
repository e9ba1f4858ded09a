'use client';
// The account's language on /account and the staff's security pages: saved on the account (so its
// mails follow) and kept in the browser; a page whose account saved another language moves to it.
import { useTranslations } from 'next-intl';
import type { Role } from '@/contract/auth-schemas';
import type { Locale } from '@/contract/locales';
import { Panel } from '../components/panel';
import { LanguageSwitch, useSavedLocale } from '../i18n/language-switch';
import { trpc } from '../trpc/client';

export function LanguagePanel({ role, saved }: { role: Role; saved: Locale | null }) {
  const t = useTranslations('common.language');
  const utils = trpc.useUtils();
  useSavedLocale(saved);

  async function save(locale: Locale) {
    if (role === 'customer')
      utils.customer.me.setData(undefined, await utils.client.customer.updateMe.mutate({ locale }));
    else if (role === 'admin') utils.admin.me.setData(undefined, await utils.client.admin.updateMe.mutate({ locale }));
    else utils.vendor.me.setData(undefined, await utils.client.vendor.updateMe.mutate({ locale }));
  }

  return (
    <Panel title={t('panel')}>
      <p>{t('lead')}</p>
      <LanguageSwitch save={save} />
    </Panel>
  );
}

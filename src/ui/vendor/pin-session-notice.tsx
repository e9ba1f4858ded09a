// What a PIN session at a till is told in place of the controls it may not use: it does
// point-of-sale work only, and the rest needs a sign-in with the e-mail and password.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Panel } from '../components/panel';

export function PinSessionNotice() {
  const t = useTranslations('vendor.pinSession');
  return (
    <Panel title={t('title')}>
      <p>{t('text')}</p>
      <p>{t.rich('signIn', { link: (chunks) => <Link href="/vendor/login">{chunks}</Link> })}</p>
    </Panel>
  );
}

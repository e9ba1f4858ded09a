// /vendor/pos/pair: a till takes the pairing code that makes it one of the shop's POS terminals.
import { getTranslations } from 'next-intl/server';
import { AuthLayout } from '@/ui/components/auth-layout';
import { PosPairForm } from '@/ui/vendor/pos-pair-form';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('vendor.pair');

export default async function Page() {
  const t = await getTranslations('vendor.pair');
  return (
    <AuthLayout role="vendor" title={t('title')} lead={t('lead')}>
      <PosPairForm />
    </AuthLayout>
  );
}

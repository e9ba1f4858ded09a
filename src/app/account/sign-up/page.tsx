// /account/sign-up: creating a customer account, confirmed by a mailed code that signs in, or with
// one of the configured OpenID providers, whose buttons are in the page as it is served.
import { getTranslations } from 'next-intl/server';
import { getContainer } from '@/server/container';
import { AuthLayout } from '@/ui/components/auth-layout';
import { SignUpFlow } from '@/ui/customer/sign-up-flow';

export async function generateMetadata() {
  return { title: (await getTranslations('auth.signUp'))('title') };
}

export default async function Page() {
  const { providers } = getContainer().auth.oidc.providers();
  const t = await getTranslations('auth.signUp');
  return (
    <AuthLayout role="customer" title={t('title')} lead={t('lead')}>
      <SignUpFlow providers={providers} />
    </AuthLayout>
  );
}

// /account: the signed-in customer's own account page.
import { getTranslations } from 'next-intl/server';
import { AccountPage } from '@/ui/customer/account-page';

export async function generateMetadata() {
  return { title: (await getTranslations('customer'))('title') };
}

export default function Page() {
  return <AccountPage />;
}

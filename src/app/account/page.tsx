// /account: the signed-in customer's own account page.
import { AccountPage } from '@/ui/customer/account-page';

export const metadata = { title: 'Your account' };

export default function Page() {
  return <AccountPage />;
}

// /admin/vendors: vendor businesses, for admins with the `vendors` module.
import { VendorsPage } from '@/ui/admin/vendors-page';

export const metadata = { title: 'Vendors' };

export default function Page() {
  return <VendorsPage />;
}

// /admin/vendors: vendor businesses, for admins with the `vendors` module.
import { VendorsPage } from '@/ui/admin/vendors-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.vendors');

export default function Page() {
  return <VendorsPage />;
}

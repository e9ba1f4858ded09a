// /admin/customers: customer accounts, for admins with the `customers` module.
import { CustomersPage } from '@/ui/admin/customers-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.customers');

export default function Page() {
  return <CustomersPage />;
}

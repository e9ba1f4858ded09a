// /admin/customers: customer accounts, for admins with the `customers` module.
import { CustomersPage } from '@/ui/admin/customers-page';

export const metadata = { title: 'Customers' };

export default function Page() {
  return <CustomersPage />;
}

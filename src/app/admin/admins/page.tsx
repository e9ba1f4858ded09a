// /admin/admins: admin accounts, for admins with the `admins` module.
import { AdminsPage } from '@/ui/admin/admins-page';

export const metadata = { title: 'Admins' };

export default function Page() {
  return <AdminsPage />;
}

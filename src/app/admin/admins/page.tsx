// /admin/admins: admin accounts, for admins with the `admins` module.
import { AdminsPage } from '@/ui/admin/admins-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.admins');

export default function Page() {
  return <AdminsPage />;
}

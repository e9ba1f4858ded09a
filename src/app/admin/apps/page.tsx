// /admin/apps: the platform's OAuth apps, for admins with `integrations`.
import { AppsPage } from '@/ui/admin/apps-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.apps');

export default function Page() {
  return <AppsPage />;
}

// /admin/apps: the platform's OAuth apps, for admins with `integrations`.
import { AppsPage } from '@/ui/admin/apps-page';

export const metadata = { title: 'Apps' };

export default function Page() {
  return <AppsPage />;
}

// /admin/integrations: what the `integrations` module holds, each with its own page.
import { IntegrationsPage } from '@/ui/admin/integrations-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.integrations');

export default function Page() {
  return <IntegrationsPage />;
}

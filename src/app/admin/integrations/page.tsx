// /admin/integrations: what the `integrations` module holds, each with its own page.
import { IntegrationsPage } from '@/ui/admin/integrations-page';

export const metadata = { title: 'Integrations' };

export default function Page() {
  return <IntegrationsPage />;
}

// /admin/webhooks: the endpoints events are sent to, for admins with the `integrations` module.
import { WebhooksPage } from '@/ui/admin/webhooks-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.webhooks');

export default function Page() {
  return <WebhooksPage />;
}

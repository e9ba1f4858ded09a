// /admin/webhooks: the endpoints events are sent to, for admins with the `integrations` module.
import { WebhooksPage } from '@/ui/admin/webhooks-page';

export const metadata = { title: 'Webhooks' };

export default function Page() {
  return <WebhooksPage />;
}

// /admin/service-clients: the platform's services' credentials, for admins with `integrations`.
import { ServiceClientsPage } from '@/ui/admin/service-clients-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.serviceClients');

export default function Page() {
  return <ServiceClientsPage />;
}

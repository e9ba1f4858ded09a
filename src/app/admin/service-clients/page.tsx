// /admin/service-clients: the platform's services' credentials, for admins with `integrations`.
import { ServiceClientsPage } from '@/ui/admin/service-clients-page';

export const metadata = { title: 'Service clients' };

export default function Page() {
  return <ServiceClientsPage />;
}

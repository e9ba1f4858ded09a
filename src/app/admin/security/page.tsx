// /admin/security: the signed-in admin's second factors and passkeys.
import { AdminSecurity } from '@/ui/security/security-pages';

export const metadata = { title: 'Security' };

export default function Page() {
  return <AdminSecurity />;
}

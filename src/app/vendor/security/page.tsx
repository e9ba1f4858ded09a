// /vendor/security: the signed-in vendor account's second factors and passkeys.
import { VendorSecurity } from '@/ui/security/security-pages';

export const metadata = { title: 'Security' };

export default function Page() {
  return <VendorSecurity />;
}

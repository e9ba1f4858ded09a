// /vendor/forgot-password: the vendor password reset in three steps.
import { ForgotPasswordPage } from '@/ui/auth/forgot-password-page';

export const metadata = { title: 'Vendor password reset' };

export default function Page() {
  return <ForgotPasswordPage role="vendor" />;
}

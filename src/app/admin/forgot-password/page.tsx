// /admin/forgot-password: the admin password reset in three steps.
import { ForgotPasswordPage } from '@/ui/auth/forgot-password-page';

export const metadata = { title: 'Admin password reset' };

export default function Page() {
  return <ForgotPasswordPage role="admin" />;
}

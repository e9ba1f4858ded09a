// /account/forgot-password: the customer password reset in three steps.
import { ForgotPasswordPage } from '@/ui/auth/forgot-password-page';

export const metadata = { title: 'Password reset' };

export default function Page() {
  return <ForgotPasswordPage role="customer" />;
}

// The password-reset page of a role (server component): the frame around the three-step flow.
import type { Role } from '@/contract/auth-schemas';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordFlow } from './forgot-password-flow';

export function ForgotPasswordPage({ role }: { role: Role }) {
  return (
    <AuthLayout
      role={role}
      title="Reset your password"
      lead="We e-mail you a 6-digit code; with it you choose a new password."
    >
      <ForgotPasswordFlow role={role} />
    </AuthLayout>
  );
}

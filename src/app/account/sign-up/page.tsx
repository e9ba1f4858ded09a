// /account/sign-up: creating a customer account, confirmed by a mailed code that signs in.
import { AuthLayout } from '@/ui/components/auth-layout';
import { SignUpFlow } from '@/ui/customer/sign-up-flow';

export const metadata = { title: 'Create an account' };

export default function Page() {
  return (
    <AuthLayout role="customer" title="Create an account" lead="Your name, e-mail address and a password; we e-mail you a code to confirm the address.">
      <SignUpFlow />
    </AuthLayout>
  );
}

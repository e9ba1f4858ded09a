// /account/sign-up: creating a customer account, confirmed by a mailed code that signs in, or with
// one of the configured OpenID providers, whose buttons are in the page as it is served.
import { getContainer } from '@/server/container';
import { AuthLayout } from '@/ui/components/auth-layout';
import { SignUpFlow } from '@/ui/customer/sign-up-flow';

export const metadata = { title: 'Create an account' };

export default function Page() {
  const { providers } = getContainer().auth.oidc.providers();
  return (
    <AuthLayout
      role="customer"
      title="Create an account"
      lead="Your name, e-mail address and a password; we e-mail you a code to confirm the address."
    >
      <SignUpFlow providers={providers} />
    </AuthLayout>
  );
}

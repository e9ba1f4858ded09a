// /account/login: the customer sign-in page, by password, a passkey or a mailed code, or with one of
// the configured OpenID providers, whose buttons are in the page as it is served.
import { getContainer } from '@/server/container';
import { LoginPage, type SearchParams } from '@/ui/auth/login-page';

export const metadata = { title: 'Sign in' };

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  const { providers } = getContainer().auth.oidc.providers();
  return <LoginPage role="customer" searchParams={searchParams} providers={providers} />;
}

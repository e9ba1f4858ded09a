// /account/login: the customer sign-in page, by password, a passkey or a mailed code.
import { LoginPage, type SearchParams } from '@/ui/auth/login-page';

export const metadata = { title: 'Sign in' };

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return <LoginPage role="customer" searchParams={searchParams} />;
}

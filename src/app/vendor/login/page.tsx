// /vendor/login: the vendor sign-in page.
import { LoginPage, type SearchParams } from '@/ui/auth/login-page';

export const metadata = { title: 'Vendor sign-in' };

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return <LoginPage role="vendor" searchParams={searchParams} />;
}

// /admin/login: the admin sign-in page.
import { LoginPage, type SearchParams } from '@/ui/auth/login-page';

export const metadata = { title: 'Admin sign-in' };

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return <LoginPage role="admin" searchParams={searchParams} />;
}

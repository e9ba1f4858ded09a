// /admin: the admin console's landing page; `?module=` opens a module's panel.
import type { SearchParams } from '@/ui/auth/login-page';
import { AdminHome } from '@/ui/admin/admin-home';

export const metadata = { title: 'Admin console' };

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { module } = await searchParams;
  return <AdminHome module={typeof module === 'string' ? module : undefined} />;
}

// /admin: the admin console's landing page; `?module=` opens a module's panel.
import type { SearchParams } from '@/ui/auth/login-page';
import { AdminHome } from '@/ui/admin/admin-home';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.home');

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { module } = await searchParams;
  return <AdminHome module={typeof module === 'string' ? module : undefined} />;
}

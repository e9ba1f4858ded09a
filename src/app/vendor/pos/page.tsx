// /vendor/pos: the POS context after vendor sign-in; `?module=` opens a module's panel.
import type { SearchParams } from '@/ui/auth/login-page';
import { PosEntry } from '@/ui/vendor/pos-entry';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('vendor.home');

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { module } = await searchParams;
  return <PosEntry module={typeof module === 'string' ? module : undefined} />;
}

// /vendor/pos: the POS context after vendor sign-in; `?module=` opens a module's panel.
import type { SearchParams } from '@/ui/auth/login-page';
import { PosEntry } from '@/ui/vendor/pos-entry';

export const metadata = { title: 'Point of sale' };

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { module } = await searchParams;
  return <PosEntry module={typeof module === 'string' ? module : undefined} />;
}

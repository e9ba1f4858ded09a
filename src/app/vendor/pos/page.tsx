// /vendor/pos: the POS context after vendor sign-in; `?module=` opens a module's panel.
import type { SearchParams } from '@/ui/auth/login-page';
import { PosHome } from '@/ui/vendor/pos-home';

export const metadata = { title: 'Point of sale' };

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { module } = await searchParams;
  return <PosHome module={typeof module === 'string' ? module : undefined} />;
}

// /account/not-me?token=...: the page of a new-device mail's "This wasn't me" link.
import { NotMePage } from '@/ui/auth/not-me-page';
import type { SearchParams } from '@/ui/auth/login-page';

export const metadata = { title: "This wasn't me" };

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return <NotMePage role="customer" searchParams={searchParams} />;
}

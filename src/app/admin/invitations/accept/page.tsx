// /admin/invitations/accept?token=...: the page of an invitation's link.
import { AcceptInvitationPage } from '@/ui/auth/accept-invitation-page';
import type { SearchParams } from '@/ui/auth/login-page';

export const metadata = { title: 'Admin invitation' };

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return <AcceptInvitationPage role="admin" searchParams={searchParams} />;
}

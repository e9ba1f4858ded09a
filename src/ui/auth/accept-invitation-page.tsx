// The page an invitation's link opens (server component): the frame, and the password form for the
// link's token; a link without one says what to do instead.
import Link from 'next/link';
import { AuthLayout } from '../components/auth-layout';
import { Alert } from '../components/alert';
import { AcceptInvitationForm } from './accept-invitation';
import type { SearchParams } from './login-page';
import { loginPath } from './role-text';

const LEAD = {
  admin: 'You are invited to administer the platform. Choose the password you will sign in with.',
  vendor: 'You are invited to join a business as staff. Choose the password you will sign in with.',
} as const;

export async function AcceptInvitationPage({
  role,
  searchParams,
}: {
  role: 'admin' | 'vendor';
  searchParams: SearchParams;
}) {
  const { token } = await searchParams;
  return (
    <AuthLayout
      role={role}
      title="Accept your invitation"
      lead={LEAD[role]}
      footer={
        <p>
          Already have an account? <Link href={loginPath(role)}>Sign in</Link>
        </p>
      }
    >
      {typeof token === 'string' && token ? (
        <AcceptInvitationForm role={role} token={token} />
      ) : (
        <Alert tone="error">This link carries no invitation: open the link from your invitation e-mail.</Alert>
      )}
    </AuthLayout>
  );
}

// The page a new-device mail's "This wasn't me" link opens (server component): what the button
// does, and the button; a link without a token says what to do instead. Opening the page changes
// nothing (mail scanners follow links): only the button's POST ends the sign-in.
import Link from 'next/link';
import type { Role } from '@/contract/auth-schemas';
import { AuthLayout } from '../components/auth-layout';
import { Alert } from '../components/alert';
import type { SearchParams } from './login-page';
import { NotMeForm } from './not-me-form';
import { loginPath } from './role-text';

const LEAD =
  'Your account was signed in to from a new device. If that was not you, end that sign-in here: we will also e-mail you a code to reset your password.';

export async function NotMePage({ role, searchParams }: { role: Role; searchParams: SearchParams }) {
  const { token } = await searchParams;
  return (
    <AuthLayout
      role={role}
      title="This wasn't me"
      lead={LEAD}
      footer={
        <p>
          It was you? Nothing to do. <Link href={loginPath(role)}>Sign in</Link>
        </p>
      }
    >
      {typeof token === 'string' && token ? (
        <NotMeForm role={role} token={token} />
      ) : (
        <Alert tone="error">This link carries no token: open the link from the new sign-in e-mail.</Alert>
      )}
    </AuthLayout>
  );
}

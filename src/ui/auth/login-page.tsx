// The sign-in page of a role (server component): the frame, the notice the URL asks for, the form.
import Link from 'next/link';
import type { Role } from '@/contract/auth-schemas';
import { AuthLayout } from '../components/auth-layout';
import { CustomerLogin } from '../customer/customer-login';
import type { Provider } from '../customer/provider-buttons';
import { LoginForm } from './login-form';
import { appReturnOf, LOGIN_NOTICES, loginPath, ROLE_LABEL, SIGN_UP_PATH, type LoginReason } from './role-text';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const LEAD: Record<Role, string> = {
  admin: 'Platform administration: sign in with your admin account.',
  vendor: 'Owners and store staff: sign in to open the point of sale.',
  customer: 'Sign in to your shopping account.',
};

function reasonOf(value: string | string[] | undefined): LoginReason | undefined {
  return typeof value === 'string' && value in LOGIN_NOTICES ? (value as LoginReason) : undefined;
}

/** `providers`: the OpenID providers a customer may continue with, read by the page on the server. */
export async function LoginPage({
  role,
  searchParams,
  providers = [],
}: {
  role: Role;
  searchParams: SearchParams;
  providers?: readonly Provider[];
}) {
  const { reason, return: returnTo } = await searchParams;
  // Staff and customers sign in for an app; admins grant none.
  const appReturn = role === 'admin' ? undefined : appReturnOf(returnTo);
  const other: Role = role === 'admin' ? 'vendor' : 'admin';
  return (
    <AuthLayout
      role={role}
      title="Sign in"
      lead={LEAD[role]}
      footer={
        role === 'customer' ? (
          <p>
            New here? <Link href={SIGN_UP_PATH}>Create an account</Link>
          </p>
        ) : (
          <p>
            {ROLE_LABEL[other]}? <Link href={loginPath(other)}>Sign in here</Link>
          </p>
        )
      }
    >
      {role === 'customer' ? (
        <CustomerLogin notice={reasonOf(reason)} providers={providers} appReturn={appReturn} />
      ) : (
        <LoginForm role={role} notice={reasonOf(reason)} appReturn={appReturn} />
      )}
    </AuthLayout>
  );
}

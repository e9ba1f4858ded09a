// The sign-in page of a role (server component): the frame, the notice the URL asks for, the form.
import Link from 'next/link';
import type { Role } from '@/contract/auth-schemas';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from './login-form';
import { LOGIN_NOTICES, loginPath, ROLE_LABEL, type LoginReason } from './role-text';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const LEAD: Record<Role, string> = {
  admin: 'Platform administration: sign in with your admin account.',
  vendor: 'Owners and store staff: sign in to open the point of sale.',
  customer: 'Sign in to your shopping account.',
};

function reasonOf(value: string | string[] | undefined): LoginReason | undefined {
  return typeof value === 'string' && value in LOGIN_NOTICES ? (value as LoginReason) : undefined;
}

export async function LoginPage({ role, searchParams }: { role: Role; searchParams: SearchParams }) {
  const { reason } = await searchParams;
  const other: Role = role === 'admin' ? 'vendor' : 'admin';
  return (
    <AuthLayout
      role={role}
      title="Sign in"
      lead={LEAD[role]}
      footer={
        <p>
          {ROLE_LABEL[other]}? <Link href={loginPath(other)}>Sign in here</Link>
        </p>
      }
    >
      <LoginForm role={role} notice={reasonOf(reason)} />
    </AuthLayout>
  );
}

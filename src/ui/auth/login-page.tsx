// The sign-in page of a role (server component): the frame, the notice the URL asks for, the form.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Role } from '@/contract/auth-schemas';
import { AuthLayout } from '../components/auth-layout';
import { CustomerLogin } from '../customer/customer-login';
import type { Provider } from '../customer/provider-buttons';
import { LoginForm } from './login-form';
import { appReturnOf, LOGIN_NOTICES, loginPath, SIGN_UP_PATH, type LoginReason } from './role-text';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

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
  const [t, common] = await Promise.all([getTranslations('auth.signIn'), getTranslations('common')]);
  return (
    <AuthLayout
      role={role}
      title={t('title')}
      lead={t(`lead.${role}`)}
      footer={
        role === 'customer' ? (
          <p>{t.rich('newHere', { link: (text) => <Link href={SIGN_UP_PATH}>{text}</Link> })}</p>
        ) : (
          <p>
            {t.rich('otherRole', {
              role: common(`role.${other}`),
              link: (text) => <Link href={loginPath(other)}>{text}</Link>,
            })}
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

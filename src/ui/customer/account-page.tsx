'use client';
// /account: the signed-in customer's own page: profile and name, password, e-mail address,
// linked sign-in providers, passkeys, sessions, a download of their data and deleting the account.
import { useTranslations } from 'next-intl';
import { AppShell } from '../components/app-shell';
import { LoadFailed, Loading } from '../components/page-state';
import { ChangePassword } from '../session/change-password';
import { LanguagePanel } from '../session/language-panel';
import { PasskeysPanel } from '../security/passkeys-panel';
import { ConnectedApps } from '../session/connected-apps';
import { OwnSessions } from '../session/own-sessions';
import { shownErrorOf, trpc } from '../trpc/client';
import { ChangeEmail } from './change-email';
import { DeleteAccount } from './delete-account';
import { DownloadData } from './download-data';
import { IdentitiesPanel } from './identities-panel';
import { GuestPanel } from './guest-panel';
import { ProfilePanel } from './profile-panel';

export function AccountPage() {
  const t = useTranslations('customer');
  const me = trpc.customer.me.useQuery();
  const shown = me.data?.customer;
  // A guest session has no account yet: the page offers to make one instead of the panels.
  const profile = shown && !('guest' in shown) ? shown : undefined;
  return (
    <AppShell role="customer" user={profile && { name: profile.name, type: 'customer' }}>
      <h1>{t('title')}</h1>
      {me.isPending ? <Loading what={t('loadingProfile')} /> : null}
      {me.isError ? <LoadFailed message={shownErrorOf(me.error).message} onRetry={() => void me.refetch()} /> : null}
      {shown && 'guest' in shown ? <GuestPanel /> : null}
      {profile ? (
        <>
          <ProfilePanel profile={profile} />
          <LanguagePanel role="customer" saved={profile.locale} />
          <ChangePassword role="customer" />
          <ChangeEmail email={profile.email} />
          <IdentitiesPanel email={profile.email} />
          <PasskeysPanel role="customer" />
          <OwnSessions role="customer" />
          <ConnectedApps role="customer" />
          <DownloadData />
          <DeleteAccount />
        </>
      ) : null}
    </AppShell>
  );
}

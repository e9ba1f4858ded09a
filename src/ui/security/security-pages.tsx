'use client';
// The security page of each staff role, in that role's frame: /admin/security in the admin
// console (its navigation and profile load), /vendor/security in the POS frame.
import { useTranslations } from 'next-intl';
import { AdminPage, PageHeader } from '../admin/admin-page';
import { AppShell } from '../components/app-shell';
import { LoadFailed, Loading } from '../components/page-state';
import { LanguagePanel } from '../session/language-panel';
import { vendorNav, vendorSubject } from '../session/module-navigation';
import { shownErrorOf, trpc } from '../trpc/client';
import { signedInWithPin } from '../trpc/session-client';
import { PinSessionNotice } from '../vendor/pin-session-notice';
import { SecurityPanels } from './security-panels';

export function AdminSecurity() {
  const t = useTranslations('security');
  return (
    <AdminPage current="security" title={t('title')}>
      {(profile) => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          <SecurityPanels role="admin" mfa={profile.mfa} />
          <LanguagePanel role="admin" saved={profile.locale} />
        </>
      )}
    </AdminPage>
  );
}

export function VendorSecurity() {
  const t = useTranslations('security');
  const me = trpc.vendor.me.useQuery();
  const profile = me.data?.vendor;
  // A till's PIN session may not change factors (step_up_required): it is told so instead.
  const pinSession = profile !== undefined && signedInWithPin();
  return (
    <AppShell
      role="vendor"
      user={profile && { name: profile.name, type: profile.vendor_type }}
      nav={profile ? vendorNav(vendorSubject(profile), 'security', { pinSession }) : []}
    >
      <PageHeader title={t('title')} lead={t('lead')} />
      {me.isPending ? <Loading what="your profile" /> : null}
      {me.isError ? <LoadFailed message={shownErrorOf(me.error).message} onRetry={() => void me.refetch()} /> : null}
      {profile && pinSession ? <PinSessionNotice /> : null}
      {profile && !pinSession ? <SecurityPanels role="vendor" mfa={profile.mfa} /> : null}
      {profile && !pinSession ? <LanguagePanel role="vendor" saved={profile.locale} /> : null}
    </AppShell>
  );
}

'use client';
// The POS context page after vendor sign-in: business, user, stores and terminals. Loads with any
// valid vendor token: an employee without POS-related modules gets it too.
import { useTranslations } from 'next-intl';
import { AppShell } from '../components/app-shell';
import { Button } from '../components/button';
import { LoadFailed, Loading } from '../components/page-state';
import { Details, Panel, panelStyles } from '../components/panel';
import { ACCOUNT_TYPE_LABEL } from '../auth/role-text';
import { ModulePanel } from '../session/module-panel';
import { isModuleKey, vendorNav, vendorSubject } from '../session/module-navigation';
import { passesModuleGuard } from '@/core/module-access';
import type { PairedTerminal } from '@/contract/terminal-schemas';
import { ChangePassword } from '../session/change-password';
import { ConnectedApps } from '../session/connected-apps';
import { OwnSessions } from '../session/own-sessions';
import { shownErrorOf, trpc } from '../trpc/client';
import { signedInWithPin } from '../trpc/session-client';
import { OwnPinPanel } from './own-pin-panel';
import { PairingPanel } from './pairing-panel';
import { PinSessionNotice } from './pin-session-notice';
import { PosPicker } from './pos-picker';
import { StaffAppsPanel } from './staff-apps-panel';
import { StaffPinsPanel } from './staff-pins-panel';
import { InviteStaffPanel } from './invite-staff-panel';
import { ApprovalPanel } from './approval-panel';

/**
 * `till`: the terminal this browser is paired with, `staff` who can switch in there; `onLock` there
 * signs out and returns to its staff list.
 */
export function PosHome({
  module,
  till,
  staff,
  onLock,
}: {
  module?: string;
  till?: PairedTerminal;
  staff?: { account_id: string; name: string }[];
  onLock?: () => void;
}) {
  const t = useTranslations('vendor.home');
  const utils = trpc.useUtils();
  // Two independent queries: the shell's profile and the page's context load in parallel.
  const me = trpc.vendor.me.useQuery();
  const context = trpc.vendor.context.useQuery();
  const profile = me.data?.vendor ?? context.data?.user;
  // Read from the session's own token, so a reload of a PIN session still shows only what it may do.
  const pinSession = profile !== undefined && signedInWithPin();
  const subject = profile ? vendorSubject(profile) : null;
  const current = isModuleKey(module) ? module : undefined;
  const nav = subject ? vendorNav(subject, current ?? 'device', { pinSession }) : [];
  const failed = context.error ?? me.error;
  // The server's own guard rule for pairing (stores / write), so no button appears that it would refuse.
  const pairs = !pinSession && subject !== null && passesModuleGuard(subject, 'stores', 'write');
  const managesStaff = !pinSession && subject !== null && passesModuleGuard(subject, 'staff', 'write');
  const seesStaff = !pinSession && subject !== null && passesModuleGuard(subject, 'staff', 'read');

  return (
    <AppShell role="vendor" user={profile && { name: profile.name, type: profile.vendor_type }} nav={nav}>
      <div className={panelStyles.header}>
        <div>
          <h1>{t('title')}</h1>
          {context.data ? <p className={panelStyles.muted}>{context.data.vendor.name}</p> : null}
        </div>
        <Button
          variant="secondary"
          onClick={() => void utils.vendor.invalidate()}
          pending={context.isFetching || me.isFetching}
          pendingLabel={t('reloading')}
        >
          {t('reload')}
        </Button>
        {onLock ? <Button onClick={onLock}>{t('lock')}</Button> : null}
      </div>
      {failed ? (
        <LoadFailed message={shownErrorOf(failed).message} onRetry={() => void utils.vendor.invalidate()} />
      ) : null}
      {subject && current ? <ModulePanel subject={subject} module={current} /> : null}
      {context.isPending ? <Loading what={t('yourStores')} /> : null}
      {context.data ? (
        <div className={panelStyles.grid}>
          <PosPicker context={context.data} till={till} />
          <Panel title={t('signedIn')}>
            <Details
              rows={[
                [t('business'), context.data.vendor.name],
                [t('name'), context.data.user.name],
                [t('email'), context.data.user.email],
                [t('type'), ACCOUNT_TYPE_LABEL[context.data.user.vendor_type] ?? context.data.user.vendor_type],
              ]}
            />
          </Panel>
          {pinSession ? <PinSessionNotice /> : <OwnPinPanel />}
          {pinSession && till && staff ? (
            <ApprovalPanel till={till} staff={staff} selfId={context.data.user.id} />
          ) : null}
          {pairs ? <PairingPanel context={context.data} thisTill={till?.id} /> : null}
          {managesStaff ? <StaffPinsPanel selfId={context.data.user.id} /> : null}
          {seesStaff ? <StaffAppsPanel ends={managesStaff} /> : null}
          {managesStaff ? <InviteStaffPanel stores={context.data.stores} /> : null}
        </div>
      ) : null}
      {context.data && !pinSession ? <ChangePassword role="vendor" /> : null}
      {context.data ? <OwnSessions role="vendor" /> : null}
      {context.data && !pinSession ? <ConnectedApps role="vendor" /> : null}
    </AppShell>
  );
}

'use client';
// The admin console's landing page: the signed-in admin's profile, and a navigation whose entries
// follow the admin's modules (a super admin sees them all).
import { AppShell } from '../components/app-shell';
import { LoadFailed, Loading } from '../components/page-state';
import { Details, Panel, panelStyles } from '../components/panel';
import { ACCOUNT_TYPE_LABEL } from '../auth/role-text';
import { ModulePanel } from '../session/module-panel';
import { adminSubject, isModuleKey, MODULE_LABEL, navEntries } from '../session/modules';
import { shownErrorOf, trpc } from '../trpc/client';

export function AdminHome({ module }: { module?: string }) {
  const me = trpc.admin.me.useQuery();
  const profile = me.data && 'admin' in me.data ? me.data.admin : undefined;
  const subject = profile ? adminSubject(profile) : null;
  const current = isModuleKey(module) ? module : undefined;
  const nav = subject
    ? [{ key: 'overview', label: 'Overview', href: '/admin', current: !current }, ...navEntries(subject, (m) => `/admin?module=${m}`, current)]
    : [];

  return (
    <AppShell role="admin" user={profile && { name: profile.name, type: profile.admin_type }} nav={nav}>
      <div>
        <h1>Admin console</h1>
        {profile ? <p className={panelStyles.muted}>Signed in as {profile.email}</p> : null}
      </div>
      {me.isPending ? <Loading what="your profile" /> : null}
      {me.isError ? <LoadFailed message={shownErrorOf(me.error).message} onRetry={() => void me.refetch()} /> : null}
      {subject && current ? <ModulePanel subject={subject} module={current} /> : null}
      {profile ? (
        <Panel title="Your profile">
          <Details
            rows={[
              ['Name', profile.name],
              ['E-mail', profile.email],
              ['Account type', ACCOUNT_TYPE_LABEL[profile.admin_type] ?? profile.admin_type],
              [
                'Modules',
                profile.admin_type === 'super_admin' ? (
                  'All modules'
                ) : profile.modules.length ? (
                  <ul className={panelStyles.chips} aria-label="Your modules">
                    {profile.modules.map((m) => (
                      <li key={m}>{isModuleKey(m) ? MODULE_LABEL[m] : m}</li>
                    ))}
                  </ul>
                ) : (
                  'None yet'
                ),
              ],
            ]}
          />
        </Panel>
      ) : null}
    </AppShell>
  );
}

'use client';
// The frame of every admin console page: the shell with the admin's navigation (modules the admin
// passes the guard for; `admins` and `vendors` lead to their pages here, the others open their
// panel on /admin), the profile load, and for a module's page the module guard: without the
// module the page says so and loads nothing (the server would refuse it with 403 anyway).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { passesModuleGuard, type GuardSubject } from '@/core/module-access';
import { type ModuleKey } from '@/contract/module-keys';
import type { AdminProfile } from '@/contract/auth-schemas';
import { AppShell } from '../components/app-shell';
import type { NavEntry } from '../components/module-nav';
import { LoadFailed, Loading } from '../components/page-state';
import { Panel, panelStyles } from '../components/panel';
import { adminSubject, MODULE_LABEL, navEntries } from '../session/module-navigation';
import { shownErrorOf, trpc } from '../trpc/client';

/** Modules whose screens this service serves itself. */
const ADMIN_MODULE_PAGES: Partial<Record<ModuleKey, string>> = {
  admins: '/admin/admins',
  vendors: '/admin/vendors',
  audit: '/admin/audit',
  customers: '/admin/customers',
  integrations: '/admin/integrations',
};

/** `current` is `overview`, `security` or a module key. */
function adminNav(subject: GuardSubject, current: string, labels: { overview: string; security: string }): NavEntry[] {
  return [
    { key: 'overview', label: labels.overview, href: '/admin', current: current === 'overview' },
    ...navEntries(subject, (module) => ADMIN_MODULE_PAGES[module] ?? `/admin?module=${module}`, current),
    { key: 'security', label: labels.security, href: '/admin/security', current: current === 'security' },
  ];
}

export interface AdminPageProps {
  /** The navigation entry to mark: `overview`, `security` or a module key. */
  current: string;
  /** The module the page belongs to; the page's content needs the admin to pass its guard. */
  module?: ModuleKey;
  /** Shown while the profile loads and when the admin lacks the module. */
  title: string;
  children(profile: AdminProfile): ReactNode;
}

export function AdminPage({ current, module, title, children }: AdminPageProps) {
  const t = useTranslations('admin.page');
  const me = trpc.admin.me.useQuery();
  const profile = me.data?.admin;
  const subject = profile ? adminSubject(profile) : null;
  const allowed = subject !== null && (!module || passesModuleGuard(subject, module));

  return (
    <AppShell
      role="admin"
      user={profile && { name: profile.name, type: profile.admin_type }}
      nav={subject ? adminNav(subject, current, { overview: t('overview'), security: t('security') }) : []}
    >
      {!allowed ? <h1>{title}</h1> : null}
      {me.isPending ? <Loading what={t('yourProfile')} /> : null}
      {me.isError ? <LoadFailed message={shownErrorOf(me.error).message} onRetry={() => void me.refetch()} /> : null}
      {profile && !allowed && module ? (
        <Panel title={t('noAccess')}>
          <p>{t('noAccessText', { module: MODULE_LABEL[module] })}</p>
          <p className={panelStyles.muted}>
            <Link href="/admin">{t('back')}</Link>
          </p>
        </Panel>
      ) : null}
      {profile && allowed ? children(profile) : null}
    </AppShell>
  );
}

/** The heading of a page's content, with a line under it and an optional link back. */
export function PageHeader({ title, lead, back }: { title: string; lead?: ReactNode; back?: ReactNode }) {
  return (
    <div>
      {back ? <p className={panelStyles.muted}>{back}</p> : null}
      <h1>{title}</h1>
      {lead ? <p className={panelStyles.muted}>{lead}</p> : null}
    </div>
  );
}

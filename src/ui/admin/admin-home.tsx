'use client';
// The admin console's landing page: the signed-in admin's profile, the admin's own sessions, and
// the panel of a module chosen in the navigation (modules with pages of their own link there).
import { useTranslations } from 'next-intl';
import { ACCOUNT_TYPE_LABEL } from '../auth/role-text';
import { Details, Panel, panelStyles } from '../components/panel';
import { ModulePanel } from '../session/module-panel';
import { adminSubject, isModuleKey, MODULE_LABEL } from '../session/module-navigation';
import { ChangePassword } from '../session/change-password';
import { OwnSessions } from '../session/own-sessions';
import { AdminPage, PageHeader } from './admin-page';

export function AdminHome({ module }: { module?: string }) {
  const t = useTranslations('admin.home');
  const current = isModuleKey(module) ? module : undefined;
  return (
    <AdminPage current={current ?? 'overview'} title={t('title')}>
      {(profile) => (
        <>
          <PageHeader title={t('title')} lead={t('signedInAs', { email: profile.email })} />
          {current ? <ModulePanel subject={adminSubject(profile)} module={current} /> : null}
          <Panel title={t('profile')}>
            <Details
              rows={[
                [t('name'), profile.name],
                [t('email'), profile.email],
                [t('type'), ACCOUNT_TYPE_LABEL[profile.admin_type] ?? profile.admin_type],
                [
                  t('modules'),
                  profile.admin_type === 'super_admin' ? (
                    t('allModules')
                  ) : profile.modules.length ? (
                    <ul className={panelStyles.chips} aria-label={t('yourModules')}>
                      {profile.modules.map((m) => (
                        <li key={m}>{isModuleKey(m) ? MODULE_LABEL[m] : m}</li>
                      ))}
                    </ul>
                  ) : (
                    t('noModules')
                  ),
                ],
              ]}
            />
          </Panel>
          <ChangePassword role="admin" />
          <OwnSessions role="admin" />
        </>
      )}
    </AdminPage>
  );
}

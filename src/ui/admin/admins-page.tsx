'use client';
// /admin/admins: the admin accounts (the `admins` module), a page at a time; each opens to its
// editor, its status and its sessions (only a super admin changes a super admin, so others see
// those read-only); and a new admin.
import { useTranslations } from 'next-intl';
import type { AdminAccount } from '@/contract/administration-schemas';
import type { AdminProfile } from '@/contract/auth-schemas';
import { Disclosure } from '../components/disclosure';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, PAGE_SIZE, SESSIONS_PAGE_SIZE } from '../components/paged-list';
import { Panel, panelStyles } from '../components/panel';
import { SessionsList } from '../session/sessions-list';
import { trpc } from '../trpc/client';
import { AccountStatus, AccountSummary, useModulesInWords } from './account-status';
import { AdminEditor } from './admin-editor';
import { AuditLink } from './audit-link';
import { AdminPage, PageHeader } from './admin-page';
import { AdminInvitations } from './invitation-list';
import { InviteAdminForm } from './invite-admin-form';

function AdminSessions({ adminId }: { adminId: string }) {
  const t = useTranslations('admin.admins');
  const utils = trpc.useUtils();
  const query = trpc.admin.listAdminSessions.useInfiniteQuery(
    { adminId, limit: SESSIONS_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  async function end(sessionId: string) {
    await utils.client.admin.endAdminSession.mutate({ adminId, sessionId });
    await utils.admin.listAdminSessions.invalidate({ adminId });
  }
  return <SessionsList query={query} onEnd={end} empty={t('noSessions')} />;
}

function AdminRow({ actor, account }: { actor: AdminProfile; account: AdminAccount }) {
  const t = useTranslations('admin.admins');
  const modulesInWords = useModulesInWords();
  const utils = trpc.useUtils();
  const mayChange = account.admin_type !== 'super_admin' || actor.admin_type === 'super_admin';
  async function setDisabled(disabled: boolean) {
    await (disabled ? utils.client.admin.disableAdmin : utils.client.admin.enableAdmin).mutate({ adminId: account.id });
    await utils.admin.listAdmins.invalidate();
  }
  const summary = (
    <AccountSummary
      name={account.name}
      email={account.email}
      type={account.admin_type}
      disabled={account.disabled}
      extra={
        account.admin_type === 'super_admin'
          ? t('everyModule')
          : t('modulesLine', { modules: modulesInWords(account.modules) })
      }
    />
  );
  return (
    <li className={styles.item}>
      <Disclosure label={t('manage')} subject={account.name} summary={summary}>
        {mayChange ? (
          <>
            <h4>{t('account')}</h4>
            <AdminEditor actor={actor} account={account} />
            <h4>{t('status')}</h4>
            <AccountStatus
              name={account.name}
              disabled={account.disabled}
              self={account.id === actor.id}
              setDisabled={setDisabled}
            />
            <h4>{t('sessions')}</h4>
            <AdminSessions adminId={account.id} />
          </>
        ) : (
          <p className={panelStyles.muted}>{t('onlySuper')}</p>
        )}
        <AuditLink accountId={account.id} name={account.name} />
      </Disclosure>
    </li>
  );
}

function AdminsList({ actor }: { actor: AdminProfile }) {
  const t = useTranslations('admin.admins');
  const query = trpc.admin.listAdmins.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: nextCursorOf });
  return (
    <PagedList query={query} label={t('accounts')} noun={t('noun')} one={t('one')} empty={t('empty')}>
      {(account) => <AdminRow actor={actor} account={account} />}
    </PagedList>
  );
}

export function AdminsPage() {
  const t = useTranslations('admin.admins');
  return (
    <AdminPage current="admins" module="admins" title={t('title')}>
      {(profile) => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          <Panel title={t('accounts')}>
            <AdminsList actor={profile} />
          </Panel>
          <Panel title={t('invite')}>
            <InviteAdminForm actor={profile} />
          </Panel>
          <Panel title={t('pending')}>
            <AdminInvitations />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

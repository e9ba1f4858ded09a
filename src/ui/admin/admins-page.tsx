'use client';
// /admin/admins: the admin accounts (the `admins` module), a page at a time; each opens to its
// editor, its status and its sessions (only a super admin changes a super admin, so others see
// those read-only); and a new admin.
import type { AdminAccount } from '@/contract/administration-schemas';
import type { AdminProfile } from '@/contract/auth-schemas';
import { Disclosure } from '../components/disclosure';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, PAGE_SIZE, SESSIONS_PAGE_SIZE } from '../components/paged-list';
import { Panel, panelStyles } from '../components/panel';
import { SessionsList } from '../session/sessions-list';
import { trpc } from '../trpc/client';
import { AccountStatus, AccountSummary, modulesInWords } from './account-status';
import { AdminEditor } from './admin-editor';
import { AuditLink } from './audit-link';
import { AdminPage, PageHeader } from './admin-page';
import { AdminInvitations } from './invitation-list';
import { InviteAdminForm } from './invite-admin-form';

function AdminSessions({ adminId }: { adminId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.listAdminSessions.useInfiniteQuery(
    { adminId, limit: SESSIONS_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  async function end(sessionId: string) {
    await utils.client.admin.endAdminSession.mutate({ adminId, sessionId });
    await utils.admin.listAdminSessions.invalidate({ adminId });
  }
  return <SessionsList query={query} onEnd={end} empty="Not signed in anywhere." />;
}

function AdminRow({ actor, account }: { actor: AdminProfile; account: AdminAccount }) {
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
      extra={account.admin_type === 'super_admin' ? 'Every module' : `Modules: ${modulesInWords(account.modules)}`}
    />
  );
  return (
    <li className={styles.item}>
      <Disclosure label="Manage" subject={account.name} summary={summary}>
        {mayChange ? (
          <>
            <h4>Account</h4>
            <AdminEditor actor={actor} account={account} />
            <h4>Status</h4>
            <AccountStatus
              name={account.name}
              disabled={account.disabled}
              self={account.id === actor.id}
              setDisabled={setDisabled}
            />
            <h4>Sessions</h4>
            <AdminSessions adminId={account.id} />
          </>
        ) : (
          <p className={panelStyles.muted}>Only a super admin may change a super admin or end its sessions.</p>
        )}
        <AuditLink accountId={account.id} name={account.name} />
      </Disclosure>
    </li>
  );
}

function AdminsList({ actor }: { actor: AdminProfile }) {
  const query = trpc.admin.listAdmins.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: nextCursorOf });
  return (
    <PagedList query={query} label="Admin accounts" noun="admins" one="admin" empty="No admin accounts.">
      {(account) => <AdminRow actor={actor} account={account} />}
    </PagedList>
  );
}

export function AdminsPage() {
  return (
    <AdminPage current="admins" module="admins" title="Admins">
      {(profile) => (
        <>
          <PageHeader
            title="Admins"
            lead="Platform administrators: who they are, which modules they hold, where they are signed in."
          />
          <Panel title="Admin accounts">
            <AdminsList actor={profile} />
          </Panel>
          <Panel title="Invite an admin">
            <InviteAdminForm actor={profile} />
          </Panel>
          <Panel title="Pending invitations">
            <AdminInvitations />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

'use client';
// "Staff's apps" on the POS page, for owners and those who manage staff: the apps each member of
// the business allowed to act for them, with the scopes granted, and (staff / write) disconnecting
// one, as the member could themselves: its tokens stop at once, here and at the platform's services.
import { useMutation } from '@tanstack/react-query';
import type { StaffConnectedApp } from '@/contract/app-grant-schemas';
import { LiveAlert } from '../components/alert';
import { RowActionButton } from '../components/button';
import styles from '../components/list.module.css';
import { Panel, panelStyles } from '../components/panel';
import { when } from '../session/sessions-list';
import { shownErrorOf, trpc } from '../trpc/client';

/** One grant: a member's of one app. */
const keyOf = (grant: StaffConnectedApp) => `${grant.account_id}/${grant.client_id}`;

export function StaffAppsPanel({ ends }: { ends: boolean }) {
  const utils = trpc.useUtils();
  const apps = trpc.vendor.listStaffApps.useQuery();
  const items = apps.data?.items ?? [];
  const end = useMutation({
    mutationFn: async (key: string) => {
      const grant = items.find((g) => keyOf(g) === key)!;
      await utils.client.vendor.endStaffApp.mutate({ accountId: grant.account_id, clientId: grant.client_id });
      await utils.vendor.listStaffApps.invalidate();
      return grant;
    },
  });

  return (
    <Panel title="Staff's apps">
      <p className={panelStyles.muted}>
        Apps your staff allowed to act for them in this business.
        {ends ? ' Disconnecting one ends its access at once.' : ''}
      </p>
      <LiveAlert tone="error" message={end.error ? shownErrorOf(end.error).message : null} />
      <LiveAlert tone="error" message={apps.error ? shownErrorOf(apps.error).message : null} />
      <LiveAlert tone="success" message={end.data ? `${end.data.name} is disconnected for ${end.data.email}.` : null} />
      {apps.isSuccess && items.length === 0 ? <p className={panelStyles.muted}>No connected apps.</p> : null}
      {items.length > 0 ? (
        <ul className={styles.list} aria-label="Staff's apps">
          {items.map((grant) => (
            <li key={keyOf(grant)} className={`${styles.item} ${styles.row}`}>
              <div>
                <p className={styles.title}>{grant.name}</p>
                <p className={styles.meta}>{grant.email}</p>
                <p className={styles.meta}>{grant.scopes.join(', ')}</p>
                <p className={styles.meta}>
                  Allowed {when(grant.granted_at)} · last used {when(grant.last_used_at)}
                </p>
              </div>
              {ends ? (
                <RowActionButton action={end} value={keyOf(grant)} pendingLabel="Disconnecting…">
                  Disconnect
                  <span className="visually-hidden">
                    {' '}
                    {grant.name} of {grant.email}
                  </span>
                </RowActionButton>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

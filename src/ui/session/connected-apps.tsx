'use client';
// "Connected apps" for staff and customers: the apps the person allowed to act for them, with the
// scopes granted, and disconnecting one (its tokens stop at once, here and at the platform's services).
import { useMutation } from '@tanstack/react-query';
import { LiveAlert } from '../components/alert';
import { RowActionButton } from '../components/button';
import styles from '../components/list.module.css';
import { Panel, panelStyles } from '../components/panel';
import { shownErrorOf, trpc } from '../trpc/client';
import { when } from './sessions-list';

export function ConnectedApps({ role }: { role: 'vendor' | 'customer' }) {
  const utils = trpc.useUtils();
  const apps = trpc[role].listOwnApps.useQuery();
  const end = useMutation({
    mutationFn: async (clientId: string) => {
      await utils.client[role].endOwnApp.mutate({ clientId });
      await utils[role].listOwnApps.invalidate();
    },
  });
  const items = apps.data?.items ?? [];

  return (
    <Panel title="Connected apps">
      <p className={panelStyles.muted}>Apps you allowed to act for you. Disconnecting one ends its access at once.</p>
      <LiveAlert tone="error" message={end.error ? shownErrorOf(end.error).message : null} />
      <LiveAlert tone="error" message={apps.error ? shownErrorOf(apps.error).message : null} />
      <LiveAlert tone="success" message={end.isSuccess ? 'The app is disconnected.' : null} />
      {apps.isSuccess && items.length === 0 ? <p className={panelStyles.muted}>No connected apps.</p> : null}
      {items.length > 0 ? (
        <ul className={styles.list} aria-label="Connected apps">
          {items.map((app) => (
            <li key={app.client_id} className={`${styles.item} ${styles.row}`}>
              <div>
                <p className={styles.title}>{app.name}</p>
                <p className={styles.meta}>{app.scopes.join(', ')}</p>
                <p className={styles.meta}>
                  Allowed {when(app.granted_at)} · last used {when(app.last_used_at)}
                </p>
              </div>
              <RowActionButton action={end} value={app.client_id} pendingLabel="Disconnecting…">
                Disconnect<span className="visually-hidden"> {app.name}</span>
              </RowActionButton>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

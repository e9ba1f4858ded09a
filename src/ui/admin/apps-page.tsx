'use client';
// /admin/apps: the platform's OAuth 2.1 / OpenID Connect apps (the `integrations` module). A
// confidential app's secret is shown once, when it is registered or its secret rotated; removing an
// app ends its credentials and every grant and token of it.
import { useState } from 'react';
import type { AppView } from '@/contract/app-schemas';
import { ActionForm } from '../components/action-form';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { Disclosure } from '../components/disclosure';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, PAGE_SIZE } from '../components/paged-list';
import { Panel } from '../components/panel';
import { trpc } from '../trpc/client';
import { AdminPage, PageHeader } from './admin-page';
import { AppFields, appFieldsOf, type AppDraft } from './app-fields';
import { NewAppForm } from './new-app-form';
import { ClientSecretOnce, type ShownSecret } from './service-clients-page';
import { useAction } from './use-action';

type OnSecret = (shown: ShownSecret) => void;

function EditAppForm({ app }: { app: AppView }) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<AppDraft>({
    name: app.name,
    redirectUris: app.redirect_uris.join('\n'),
    scopes: app.scopes,
    firstParty: app.first_party,
  });
  const action = useAction(
    async () => {
      const changed = await utils.client.admin.updateApp.mutate({ appId: app.id, ...appFieldsOf(draft) });
      await utils.admin.listApps.invalidate();
      return changed;
    },
    (changed) => `${changed.name} is saved.`,
  );
  return (
    <ActionForm
      label={`Change ${app.name}`}
      submitLabel="Save"
      pendingLabel="Saving…"
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={() => action.run(undefined)}
    >
      <AppFields draft={draft} onChange={setDraft} fieldError={action.fieldError} />
    </ActionForm>
  );
}

function AppActions({ app, onSecret }: { app: AppView; onSecret: OnSecret }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const rotate = useAction(
    () => utils.client.admin.rotateAppSecret.mutate({ appId: app.id }),
    (rotated) => {
      onSecret({ name: app.name, ...rotated });
      return `${app.name} has a new secret.`;
    },
  );
  const remove = useAction(
    async () => {
      await utils.client.admin.deleteApp.mutate({ appId: app.id });
      await utils.admin.listApps.invalidate();
    },
    () => null,
  );
  return (
    <>
      <div className={styles.actions}>
        {app.type === 'confidential' ? (
          <Button
            variant="secondary"
            onClick={() => rotate.run(undefined)}
            pending={rotate.pending}
            pendingLabel="Rotating…"
          >
            Rotate secret<span className="visually-hidden"> of {app.name}</span>
          </Button>
        ) : null}
        {confirming ? (
          <Button onClick={() => remove.run(undefined)} pending={remove.pending} pendingLabel="Removing…">
            Confirm removal<span className="visually-hidden"> of {app.name}</span>
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Remove<span className="visually-hidden"> {app.name}</span>
          </Button>
        )}
      </div>
      {confirming ? (
        <p className={styles.meta}>Its credentials stop working at once, and every grant and token of it ends.</p>
      ) : null}
      <LiveAlert tone="error" message={rotate.error ?? remove.error} />
      <LiveAlert tone="success" message={rotate.success} />
    </>
  );
}

function AppRow({ app, onSecret }: { app: AppView; onSecret: OnSecret }) {
  const summary = (
    <div>
      <h3 className={styles.title}>
        {app.name} {app.first_party ? <span className={styles.badge}>First party</span> : null}
        {app.registered ? <span className={styles.badge}>Registered itself</span> : null}
      </h3>
      <p className={styles.meta}>
        Client id <code>{app.client_id}</code>, {app.type}
      </p>
      <p className={styles.meta}>Redirect URIs: {app.redirect_uris.join(', ')}</p>
      <p className={styles.meta}>Scopes: {app.scopes.join(' ')}</p>
    </div>
  );
  return (
    <li className={styles.item}>
      <Disclosure label="Edit" subject={app.name} summary={summary}>
        <EditAppForm app={app} />
      </Disclosure>
      <AppActions app={app} onSecret={onSecret} />
    </li>
  );
}

function AppList({ onSecret }: { onSecret: OnSecret }) {
  const query = trpc.admin.listApps.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: nextCursorOf });
  return (
    <PagedList query={query} label="Apps" noun="apps" one="app" empty="No app is registered yet.">
      {(app) => <AppRow app={app} onSecret={onSecret} />}
    </PagedList>
  );
}

export function AppsPage() {
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <AdminPage current="integrations" module="integrations" title="Apps">
      {() => (
        <>
          <PageHeader
            title="Apps"
            lead="Apps sign people in with the platform and act for them by OAuth 2.1 and OpenID Connect: merchants' apps, partner storefronts, agents."
          />
          {shown ? <ClientSecretOnce shown={shown} /> : null}
          <Panel title="Register an app">
            <NewAppForm onSecret={setShown} />
          </Panel>
          <Panel title="Registered apps">
            <AppList onSecret={setShown} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

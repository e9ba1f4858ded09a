'use client';
// /admin/apps: the platform's OAuth 2.1 / OpenID Connect apps (the `integrations` module). A
// confidential app's secret is shown once, when it is registered or its secret rotated; removing an
// app ends its credentials and every grant and token of it.
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
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

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

function EditAppForm({ app }: { app: AppView }) {
  const t = useTranslations('admin.apps');
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
    (changed) => t('saved', { name: changed.name }),
  );
  return (
    <ActionForm
      label={t('change', { name: app.name })}
      submitLabel={t('save')}
      pendingLabel={t('saving')}
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
  const t = useTranslations('admin.apps');
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const rotate = useAction(
    () => utils.client.admin.rotateAppSecret.mutate({ appId: app.id }),
    (rotated) => {
      onSecret({ name: app.name, ...rotated });
      return t('rotated', { name: app.name });
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
            pendingLabel={t('rotating')}
          >
            {t.rich('rotate', { name: app.name, hidden })}
          </Button>
        ) : null}
        {confirming ? (
          <Button onClick={() => remove.run(undefined)} pending={remove.pending} pendingLabel={t('removing')}>
            {t.rich('confirmRemoval', { name: app.name, hidden })}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t.rich('remove', { name: app.name, hidden })}
          </Button>
        )}
      </div>
      {confirming ? <p className={styles.meta}>{t('removalText')}</p> : null}
      <LiveAlert tone="error" message={rotate.error ?? remove.error} />
      <LiveAlert tone="success" message={rotate.success} />
    </>
  );
}

function AppRow({ app, onSecret }: { app: AppView; onSecret: OnSecret }) {
  const t = useTranslations('admin.apps');
  const summary = (
    <div>
      <h3 className={styles.title}>
        {app.name} {app.first_party ? <span className={styles.badge}>{t('firstParty')}</span> : null}
        {app.registered ? <span className={styles.badge}>{t('registeredItself')}</span> : null}
      </h3>
      <p className={styles.meta}>
        {t.rich('clientId', { id: app.client_id, type: app.type, code: (chunks) => <code>{chunks}</code> })}
      </p>
      <p className={styles.meta}>{t('redirectUris', { uris: app.redirect_uris.join(', ') })}</p>
      <p className={styles.meta}>{t('scopes', { scopes: app.scopes.join(' ') })}</p>
    </div>
  );
  return (
    <li className={styles.item}>
      <Disclosure label={t('edit')} subject={app.name} summary={summary}>
        <EditAppForm app={app} />
      </Disclosure>
      <AppActions app={app} onSecret={onSecret} />
    </li>
  );
}

function AppList({ onSecret }: { onSecret: OnSecret }) {
  const t = useTranslations('admin.apps');
  const query = trpc.admin.listApps.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: nextCursorOf });
  return (
    <PagedList query={query} label={t('title')} noun={t('noun')} one={t('one')} empty={t('empty')}>
      {(app) => <AppRow app={app} onSecret={onSecret} />}
    </PagedList>
  );
}

export function AppsPage() {
  const t = useTranslations('admin.apps');
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <AdminPage current="integrations" module="integrations" title={t('title')}>
      {() => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          {shown ? <ClientSecretOnce shown={shown} /> : null}
          <Panel title={t('registerPanel')}>
            <NewAppForm onSecret={setShown} />
          </Panel>
          <Panel title={t('registered')}>
            <AppList onSecret={setShown} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

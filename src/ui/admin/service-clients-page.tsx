'use client';
// /admin/service-clients: the credentials with which the platform's other services introspect
// access tokens and read the revocation feed (the `integrations` module). A secret is shown once,
// when the client is registered or its secret rotated; removing a client stops its credentials.
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { serviceClient } from '@/contract/service-client-schemas';
import { ActionForm } from '../components/action-form';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, PAGE_SIZE } from '../components/paged-list';
import { Panel } from '../components/panel';
import { SecretOnce } from '../components/secret-once';
import { when } from '../session/sessions-list';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { AdminPage, PageHeader } from './admin-page';
import { useAction } from './use-action';

type ServiceClient = z.infer<typeof serviceClient>;
const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
export interface ShownSecret {
  name: string;
  client_id: string;
  client_secret: string;
  previous_valid_until?: string;
}

/** The one showing of a secret: after this page is left it cannot be read again. */
export function ClientSecretOnce({ shown }: { shown: ShownSecret }) {
  const t = useTranslations('admin.serviceClients');
  const intro = (
    <p>
      {t.rich('copySecret', { name: shown.name, strong: (chunks) => <strong>{chunks}</strong> })}
      {shown.previous_valid_until ? ` ${t('previousUntil', { until: when(shown.previous_valid_until) })}` : ''}
    </p>
  );
  return (
    <SecretOnce
      label={t('newSecret')}
      valueLabel={t('secret')}
      secret={shown.client_secret}
      before={[[t('clientIdLabel'), shown.client_id]]}
      intro={intro}
    />
  );
}

function ClientRow({ client, onSecret }: { client: ServiceClient; onSecret(shown: ShownSecret): void }) {
  const t = useTranslations('admin.serviceClients');
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const rotate = useAction(
    () => utils.client.admin.rotateServiceClientSecret.mutate({ serviceClientId: client.id }),
    (rotated) => {
      onSecret({ name: client.name, ...rotated });
      return t('rotated', { name: client.name });
    },
  );
  const remove = useAction(
    async () => {
      await utils.client.admin.deleteServiceClient.mutate({ serviceClientId: client.id });
      await utils.admin.listServiceClients.invalidate();
    },
    () => null,
  );
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        <div>
          <h3 className={styles.title}>{client.name}</h3>
          <p className={styles.meta}>
            {t.rich('clientId', {
              id: client.client_id,
              at: when(client.created_at),
              code: (chunks) => <code>{chunks}</code>,
            })}
          </p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => rotate.run(undefined)}
            pending={rotate.pending}
            pendingLabel={t('rotating')}
          >
            {t.rich('rotate', { name: client.name, hidden })}
          </Button>
          {confirming ? (
            <Button onClick={() => remove.run(undefined)} pending={remove.pending} pendingLabel={t('removing')}>
              {t.rich('confirmRemoval', { name: client.name, hidden })}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t.rich('remove', { name: client.name, hidden })}
            </Button>
          )}
        </div>
      </div>
      {confirming ? <p className={styles.meta}>{t('removalText')}</p> : null}
      <LiveAlert tone="error" message={rotate.error ?? remove.error} />
      <LiveAlert tone="success" message={rotate.success} />
    </li>
  );
}

function NewClientForm({ onSecret }: { onSecret(shown: ShownSecret): void }) {
  const t = useTranslations('admin.serviceClients');
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const action = useAction(
    async (input: { name: string }) => {
      const created = await utils.client.admin.createServiceClient.mutate(input);
      await utils.admin.listServiceClients.invalidate();
      return created;
    },
    (created) => {
      onSecret(created);
      setName('');
      return t('registered', { name: created.name });
    },
  );
  return (
    <ActionForm
      label={t('newLabel')}
      submitLabel={t('register')}
      pendingLabel={t('registering')}
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={() => action.run({ name })}
      inline
    >
      <TextField
        label={t('name')}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={action.fieldError('name')}
      />
    </ActionForm>
  );
}

export function ServiceClientsPage() {
  const t = useTranslations('admin.serviceClients');
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <AdminPage current="integrations" module="integrations" title={t('title')}>
      {() => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          {shown ? <ClientSecretOnce shown={shown} /> : null}
          <Panel title={t('registerPanel')}>
            <NewClientForm onSecret={setShown} />
          </Panel>
          <Panel title={t('registeredList')}>
            <ClientList onSecret={setShown} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

function ClientList({ onSecret }: { onSecret(shown: ShownSecret): void }) {
  const t = useTranslations('admin.serviceClients');
  const query = trpc.admin.listServiceClients.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList query={query} label={t('title')} noun={t('noun')} one={t('one')} empty={t('empty')}>
      {(client) => <ClientRow client={client} onSecret={onSecret} />}
    </PagedList>
  );
}

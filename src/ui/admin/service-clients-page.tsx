'use client';
// /admin/service-clients: the credentials with which the platform's other services introspect
// access tokens and read the revocation feed (the `integrations` module). A secret is shown once,
// when the client is registered or its secret rotated; removing a client stops its credentials.
import { useState } from 'react';
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
export interface ShownSecret {
  name: string;
  client_id: string;
  client_secret: string;
  previous_valid_until?: string;
}

/** The one showing of a secret: after this page is left it cannot be read again. */
export function ClientSecretOnce({ shown }: { shown: ShownSecret }) {
  const intro = (
    <p>
      <strong>Copy the secret of {shown.name} now:</strong> it is not shown again.
      {shown.previous_valid_until
        ? ` The previous secret keeps working until ${when(shown.previous_valid_until)}.`
        : ''}
    </p>
  );
  return (
    <SecretOnce
      label="New client secret"
      valueLabel="Client secret"
      secret={shown.client_secret}
      before={[['Client id', shown.client_id]]}
      intro={intro}
    />
  );
}

function ClientRow({ client, onSecret }: { client: ServiceClient; onSecret(shown: ShownSecret): void }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const rotate = useAction(
    () => utils.client.admin.rotateServiceClientSecret.mutate({ serviceClientId: client.id }),
    (rotated) => {
      onSecret({ name: client.name, ...rotated });
      return `${client.name} has a new secret.`;
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
            Client id <code>{client.client_id}</code>, registered {when(client.created_at)}
          </p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => rotate.run(undefined)}
            pending={rotate.pending}
            pendingLabel="Rotating…"
          >
            Rotate secret<span className="visually-hidden"> of {client.name}</span>
          </Button>
          {confirming ? (
            <Button onClick={() => remove.run(undefined)} pending={remove.pending} pendingLabel="Removing…">
              Confirm removal<span className="visually-hidden"> of {client.name}</span>
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Remove<span className="visually-hidden"> {client.name}</span>
            </Button>
          )}
        </div>
      </div>
      {confirming ? (
        <p className={styles.meta}>Its credentials stop working at once, the previous secret too.</p>
      ) : null}
      <LiveAlert tone="error" message={rotate.error ?? remove.error} />
      <LiveAlert tone="success" message={rotate.success} />
    </li>
  );
}

function NewClientForm({ onSecret }: { onSecret(shown: ShownSecret): void }) {
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
      return `${created.name} is registered.`;
    },
  );
  return (
    <ActionForm
      label="New service client"
      submitLabel="Register"
      pendingLabel="Registering…"
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={() => action.run({ name })}
      inline
    >
      <TextField
        label="Service name"
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={action.fieldError('name')}
      />
    </ActionForm>
  );
}

export function ServiceClientsPage() {
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <AdminPage current="integrations" module="integrations" title="Service clients">
      {() => (
        <>
          <PageHeader
            title="Service clients"
            lead="The platform's other services sign in here with a client id and secret to check access tokens (introspection) and to learn of ended sessions at once (the revocation feed)."
          />
          {shown ? <ClientSecretOnce shown={shown} /> : null}
          <Panel title="Register a service">
            <NewClientForm onSecret={setShown} />
          </Panel>
          <Panel title="Registered services">
            <ClientList onSecret={setShown} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

function ClientList({ onSecret }: { onSecret(shown: ShownSecret): void }) {
  const query = trpc.admin.listServiceClients.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList
      query={query}
      label="Service clients"
      noun="service clients"
      one="service client"
      empty="No service is registered yet."
    >
      {(client) => <ClientRow client={client} onSecret={onSecret} />}
    </PagedList>
  );
}

'use client';
// /admin/webhooks: the endpoints events are sent to (the `integrations` module), a page at a time;
// each opens to enabling or disabling it, a test message, sending again everything since a time,
// and its delivery log; and a new endpoint, whose signing secret is shown once at the page's top.
import Link from 'next/link';
import { useState } from 'react';
import type { WebhookEndpointView } from '@/contract/webhook-schemas';
import { ActionForm } from '../components/action-form';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { Disclosure } from '../components/disclosure';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, PAGE_SIZE } from '../components/paged-list';
import { Panel } from '../components/panel';
import { SecretOnce } from '../components/secret-once';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { AdminPage, PageHeader } from './admin-page';
import { NewWebhookForm, type CreatedEndpoint } from './new-webhook-form';
import { useAction } from './use-action';
import { WebhookDeliveries } from './webhook-deliveries';

function EndpointActions({ endpoint }: { endpoint: WebhookEndpointView }) {
  const utils = trpc.useUtils();
  const toggle = useAction(
    async (enabled: boolean) => {
      await utils.client.admin.updateWebhookEndpoint.mutate({ endpointId: endpoint.id, enabled });
      await utils.admin.listWebhookEndpoints.invalidate();
    },
    (_, enabled) =>
      enabled ? 'Enabled: waiting messages are sent.' : 'Disabled: nothing is sent until it is enabled again.',
  );
  const test = useAction(
    async () => {
      const queued = await utils.client.admin.testWebhookEndpoint.mutate({ endpointId: endpoint.id });
      await utils.admin.listWebhookMessages.invalidate({ endpointId: endpoint.id });
      return queued;
    },
    (queued) => `Test message ${queued.id} queued.`,
  );
  return (
    <div className={styles.stack}>
      <LiveAlert tone="error" message={toggle.error ?? test.error} />
      <LiveAlert tone="success" message={toggle.success ?? test.success} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => test.run(undefined)} pending={test.pending} pendingLabel="Queueing…">
          Send test message
        </Button>
        <Button
          variant="secondary"
          onClick={() => toggle.run(!endpoint.enabled)}
          pending={toggle.pending}
          pendingLabel="Saving…"
        >
          {endpoint.enabled ? 'Disable endpoint' : 'Enable endpoint'}
        </Button>
      </div>
    </div>
  );
}

function ReplayForm({ endpointId }: { endpointId: string }) {
  const utils = trpc.useUtils();
  const [since, setSince] = useState('');
  const replay = useAction(
    async () => {
      // A datetime-local value is the admin's local time; the server wants an instant.
      const instant = since && !Number.isNaN(Date.parse(since)) ? new Date(since).toISOString() : since;
      const result = await utils.client.admin.replayWebhookMessages.mutate({ endpointId, since: instant });
      await utils.admin.listWebhookMessages.invalidate({ endpointId });
      return result;
    },
    (result) => `${result.queued} ${result.queued === 1 ? 'message' : 'messages'} queued again.`,
  );
  return (
    <ActionForm
      label="Send again since"
      submitLabel="Send again"
      pendingLabel="Queueing…"
      pending={replay.pending}
      error={replay.error}
      success={replay.success}
      onSubmit={() => replay.run(undefined)}
      inline
    >
      <TextField
        label="Every message since"
        name="since"
        type="datetime-local"
        step={1}
        value={since}
        onChange={(e) => setSince(e.target.value)}
        error={replay.fieldError('since')}
      />
    </ActionForm>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpointView }) {
  const summary = (
    <div>
      <h3 className={styles.title}>
        {endpoint.url}{' '}
        {endpoint.enabled ? null : <span className={`${styles.badge} ${styles.disabled}`}>Disabled</span>}
      </h3>
      {endpoint.description ? <p className={styles.meta}>{endpoint.description}</p> : null}
      <p className={styles.meta}>Events: {endpoint.events.includes('*') ? 'every type' : endpoint.events.join(', ')}</p>
    </div>
  );
  return (
    <li className={styles.item}>
      <Disclosure label="Manage" subject={endpoint.url} summary={summary}>
        <EndpointActions endpoint={endpoint} />
        <h4>Send again</h4>
        <ReplayForm endpointId={endpoint.id} />
        <h4>Delivery log</h4>
        <WebhookDeliveries endpointId={endpoint.id} />
      </Disclosure>
    </li>
  );
}

function EndpointsList() {
  const query = trpc.admin.listWebhookEndpoints.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList query={query} label="Webhook endpoints" noun="endpoints" one="endpoint" empty="No endpoint yet.">
      {(endpoint) => <EndpointRow endpoint={endpoint} />}
    </PagedList>
  );
}

export function WebhooksPage() {
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  return (
    <AdminPage current="integrations" module="integrations" title="Webhooks">
      {() => (
        <>
          <PageHeader
            title="Webhooks"
            back={<Link href="/admin/integrations">Integrations</Link>}
            lead="Your services learn of account changes from signed messages (Standard Webhooks). Each message is tried again on a schedule until it is delivered."
          />
          {created ? (
            <SecretOnce
              label="New signing secret"
              valueLabel="Signing secret"
              secret={created.secret}
              intro={
                <p>
                  <strong>Copy the signing secret of {created.url} into the receiving service now:</strong> it is not
                  shown again.
                </p>
              }
            />
          ) : null}
          <Panel title="Endpoints">
            <EndpointsList />
          </Panel>
          <Panel title="New endpoint">
            <NewWebhookForm onCreated={setCreated} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

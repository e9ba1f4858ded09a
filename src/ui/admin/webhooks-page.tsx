'use client';
// /admin/webhooks: the endpoints events are sent to (the `integrations` module), a page at a time;
// each opens to enabling or disabling it, a test message, sending again everything since a time,
// and its delivery log; and a new endpoint, whose signing secret is shown once at the page's top.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
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
  const t = useTranslations('admin.webhooks');
  const utils = trpc.useUtils();
  const toggle = useAction(
    async (enabled: boolean) => {
      await utils.client.admin.updateWebhookEndpoint.mutate({ endpointId: endpoint.id, enabled });
      await utils.admin.listWebhookEndpoints.invalidate();
    },
    (_, enabled) => (enabled ? t('enabledDone') : t('disabledDone')),
  );
  const test = useAction(
    async () => {
      const queued = await utils.client.admin.testWebhookEndpoint.mutate({ endpointId: endpoint.id });
      await utils.admin.listWebhookMessages.invalidate({ endpointId: endpoint.id });
      return queued;
    },
    (queued) => t('testQueued', { id: queued.id }),
  );
  return (
    <div className={styles.stack}>
      <LiveAlert tone="error" message={toggle.error ?? test.error} />
      <LiveAlert tone="success" message={toggle.success ?? test.success} />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => test.run(undefined)}
          pending={test.pending}
          pendingLabel={t('queueing')}
        >
          {t('sendTest')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => toggle.run(!endpoint.enabled)}
          pending={toggle.pending}
          pendingLabel={t('saving')}
        >
          {endpoint.enabled ? t('disable') : t('enable')}
        </Button>
      </div>
    </div>
  );
}

function ReplayForm({ endpointId }: { endpointId: string }) {
  const t = useTranslations('admin.webhooks');
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
    (result) => t('replayed', { count: result.queued }),
  );
  return (
    <ActionForm
      label={t('replayLabel')}
      submitLabel={t('replay')}
      pendingLabel={t('queueing')}
      pending={replay.pending}
      error={replay.error}
      success={replay.success}
      onSubmit={() => replay.run(undefined)}
      inline
    >
      <TextField
        label={t('since')}
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
  const t = useTranslations('admin.webhooks');
  const summary = (
    <div>
      <h3 className={styles.title}>
        {endpoint.url}{' '}
        {endpoint.enabled ? null : <span className={`${styles.badge} ${styles.disabled}`}>{t('disabledBadge')}</span>}
      </h3>
      {endpoint.description ? <p className={styles.meta}>{endpoint.description}</p> : null}
      <p className={styles.meta}>
        {t('events', { events: endpoint.events.includes('*') ? t('everyType') : endpoint.events.join(', ') })}
      </p>
    </div>
  );
  return (
    <li className={styles.item}>
      <Disclosure label={t('manage')} subject={endpoint.url} summary={summary}>
        <EndpointActions endpoint={endpoint} />
        <h4>{t('replay')}</h4>
        <ReplayForm endpointId={endpoint.id} />
        <h4>{t('log')}</h4>
        <WebhookDeliveries endpointId={endpoint.id} />
      </Disclosure>
    </li>
  );
}

function EndpointsList() {
  const t = useTranslations('admin.webhooks');
  const query = trpc.admin.listWebhookEndpoints.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList query={query} label={t('endpointsLabel')} noun={t('noun')} one={t('one')} empty={t('empty')}>
      {(endpoint) => <EndpointRow endpoint={endpoint} />}
    </PagedList>
  );
}

export function WebhooksPage() {
  const t = useTranslations('admin.webhooks');
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  return (
    <AdminPage current="integrations" module="integrations" title={t('title')}>
      {() => (
        <>
          <PageHeader
            title={t('title')}
            back={<Link href="/admin/integrations">{t('integrations')}</Link>}
            lead={t('lead')}
          />
          {created ? (
            <SecretOnce
              label={t('newSecret')}
              valueLabel={t('secret')}
              secret={created.secret}
              intro={<p>{t.rich('copySecret', { url: created.url, strong: (chunks) => <strong>{chunks}</strong> })}</p>}
            />
          ) : null}
          <Panel title={t('endpoints')}>
            <EndpointsList />
          </Panel>
          <Panel title={t('newEndpoint')}>
            <NewWebhookForm onCreated={setCreated} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}

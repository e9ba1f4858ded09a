'use client';
// Registering a webhook endpoint: its URL, what it is for and the event types it wants. The signing
// secret comes back in the answer only: the page shows it once, at its top (`onCreated`).
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES } from '@/contract/webhook-schemas';
import { ActionForm } from '../components/action-form';
import { CheckboxGroup } from '../components/choice-group';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { useAction } from './use-action';

export interface CreatedEndpoint {
  url: string;
  secret: string;
}

export function NewWebhookForm({ onCreated }: { onCreated(created: CreatedEndpoint | null): void }) {
  const t = useTranslations('admin.newWebhook');
  const eventChoices = [
    { value: '*', label: t('everyType'), description: t('everyTypeText') },
    ...WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type })),
  ];
  const utils = trpc.useUtils();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['*']);
  const action = useAction(
    async () => {
      onCreated(null);
      const endpoint = await utils.client.admin.createWebhookEndpoint.mutate({
        url: url.trim(),
        description,
        events: events as never,
      });
      await utils.admin.listWebhookEndpoints.invalidate();
      onCreated({ url: endpoint.url, secret: endpoint.secret });
      setUrl('');
      setDescription('');
      return endpoint;
    },
    (endpoint) => t('added', { url: endpoint.url }),
  );
  return (
    <ActionForm
      label={t('label')}
      submitLabel={t('add')}
      pendingLabel={t('adding')}
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={() => action.run(undefined)}
    >
      <TextField
        label={t('url')}
        name="url"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={action.fieldError('url')}
        hint={t('urlHint')}
        required
      />
      <TextField
        label={t('description')}
        name="description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={action.fieldError('description')}
        hint={t('descriptionHint')}
      />
      <CheckboxGroup
        legend={t('events')}
        name="events"
        choices={eventChoices}
        values={events}
        onChange={setEvents}
        error={action.fieldError('events')}
        machineNames
      />
    </ActionForm>
  );
}

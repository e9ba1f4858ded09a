'use client';
// Registering an app: its fields, its type (confidential with a secret, public with PKCE alone) and
// an optional homepage. A confidential app's secret comes back in this answer only (`onSecret`).
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { APP_TYPES, type AppType } from '@/contract/app-schemas';
import { ActionForm } from '../components/action-form';
import { ChoiceGroup } from '../components/choice-group';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { AppFields, appFieldsOf, type AppDraft } from './app-fields';
import type { ShownSecret } from './service-clients-page';
import { useAction } from './use-action';

const EMPTY: AppDraft = { name: '', redirectUris: '', scopes: ['openid'], firstParty: false };

export function NewAppForm({ onSecret }: { onSecret(shown: ShownSecret | null): void }) {
  const t = useTranslations('admin.newApp');
  const typeChoices = APP_TYPES.map((type) => ({ value: type, label: type, description: t(`type.${type}`) }));
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(EMPTY);
  const [type, setType] = useState<AppType>('confidential');
  const [homepage, setHomepage] = useState('');
  const action = useAction(
    async () => {
      onSecret(null);
      const created = await utils.client.admin.createApp.mutate({
        ...appFieldsOf(draft),
        type,
        ...(homepage.trim() ? { homepage_url: homepage.trim() } : {}),
      });
      await utils.admin.listApps.invalidate();
      return created;
    },
    (created) => {
      if (created.client_secret) onSecret({ ...created, client_secret: created.client_secret });
      setDraft(EMPTY);
      setHomepage('');
      return t('registered', { name: created.name });
    },
  );
  return (
    <ActionForm
      label={t('label')}
      submitLabel={t('register')}
      pendingLabel={t('registering')}
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={() => action.run(undefined)}
    >
      <AppFields draft={draft} onChange={setDraft} fieldError={action.fieldError} />
      <ChoiceGroup
        legend={t('typeLegend')}
        name="type"
        choices={typeChoices}
        value={type}
        onChange={(value) => setType(value as AppType)}
        error={action.fieldError('type')}
        required
      />
      <TextField
        label={t('homepage')}
        name="homepage_url"
        type="url"
        value={homepage}
        onChange={(e) => setHomepage(e.target.value)}
        error={action.fieldError('homepage_url')}
        hint={t('homepageHint')}
      />
    </ActionForm>
  );
}

'use client';
// The customer's profile on /account, with the form that changes their name.
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CustomerProfile } from '@/contract/customer-schemas';
import { useAction } from '../admin/use-action';
import { ActionForm } from '../components/action-form';
import { Details, Panel } from '../components/panel';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';

export function ProfilePanel({ profile }: { profile: CustomerProfile }) {
  const t = useTranslations('customer.profile');
  const common = useTranslations('common.field');
  const format = useFormatter();
  const utils = trpc.useUtils();
  const [name, setName] = useState(profile.name);
  const [blank, setBlank] = useState(false);
  const rename = useAction(
    (input: { name: string }) => utils.client.customer.updateMe.mutate(input),
    (result) => {
      utils.customer.me.setData(undefined, result);
      return t('changed');
    },
  );

  function submit() {
    setBlank(!name.trim());
    if (name.trim()) rename.run({ name });
  }

  return (
    <Panel title={t('title')}>
      <Details
        rows={[
          [t('name'), profile.name],
          [t('email'), profile.email],
          [t('confirmed'), profile.email_verified ? t('yes') : t('no')],
          [t('since'), format.dateTime(new Date(profile.created_at), { dateStyle: 'medium' })],
        ]}
      />
      <ActionForm
        label={t('change')}
        submitLabel={t('submit')}
        pendingLabel={t('saving')}
        pending={rename.pending}
        error={rename.error}
        success={rename.success}
        onSubmit={submit}
      >
        <TextField
          label={t('name')}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={blank ? common('enterName') : rename.fieldError('name')}
        />
      </ActionForm>
    </Panel>
  );
}

'use client';
// The customer's profile on /account, with the form that changes their name.
import { useState } from 'react';
import type { CustomerProfile } from '@/contract/customer-schemas';
import { useAction } from '../admin/use-action';
import { ActionForm } from '../components/action-form';
import { Details, Panel } from '../components/panel';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';

const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });

export function ProfilePanel({ profile }: { profile: CustomerProfile }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(profile.name);
  const [blank, setBlank] = useState(false);
  const rename = useAction(
    (input: { name: string }) => utils.client.customer.updateMe.mutate(input),
    (result) => {
      utils.customer.me.setData(undefined, result);
      return 'Your name has been changed.';
    },
  );

  function submit() {
    setBlank(!name.trim());
    if (name.trim()) rename.run({ name });
  }

  return (
    <Panel title="Profile">
      <Details
        rows={[
          ['Name', profile.name],
          ['E-mail', profile.email],
          ['E-mail confirmed', profile.email_verified ? 'Yes' : 'No'],
          ['Member since', day(profile.created_at)],
        ]}
      />
      <ActionForm
        label="Change your name"
        submitLabel="Change name"
        pendingLabel="Saving…"
        pending={rename.pending}
        error={rename.error}
        success={rename.success}
        onSubmit={submit}
      >
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={blank ? 'Enter your name.' : rename.fieldError('name')}
        />
      </ActionForm>
    </Panel>
  );
}

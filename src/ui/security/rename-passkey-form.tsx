'use client';
// Renaming one of the signed-in account's passkeys, in place of its line in the passkeys list: the
// name field starts with the current name; saving or cancelling closes the form.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '@/contract/auth-schemas';
import type { PasskeyView } from '@/contract/passkey-schemas';
import { ActionForm } from '../components/action-form';
import { Button } from '../components/button';
import { TextField } from '../components/text-field';
import { shownErrorOf, trpc } from '../trpc/client';

export function RenamePasskeyForm({
  role,
  passkey,
  onDone,
}: {
  role: Role;
  passkey: PasskeyView;
  onDone(renamed?: PasskeyView): void;
}) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(passkey.name);
  const [unnamed, setUnnamed] = useState(false);
  const rename = useMutation({
    mutationFn: (input: { passkeyId: string; name: string }) => utils.client[role].renamePasskey.mutate(input),
    onSuccess: async (renamed) => {
      await utils[role].listPasskeys.invalidate();
      onDone(renamed);
    },
  });
  const shown = rename.error ? shownErrorOf(rename.error) : null;

  function submit() {
    setUnnamed(!name.trim());
    if (name.trim()) rename.mutate({ passkeyId: passkey.id, name: name.trim() });
  }

  return (
    <ActionForm
      label={`Rename passkey ${passkey.name}`}
      submitLabel="Save name"
      pendingLabel="Saving…"
      pending={rename.isPending}
      error={shown?.message ?? null}
      onSubmit={submit}
    >
      <TextField
        label="New name"
        maxLength={100}
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        error={unnamed ? 'Name the passkey.' : shown?.fieldErrors.name}
      />
      <div>
        <Button variant="secondary" onClick={() => onDone()}>
          Keep the name
        </Button>
      </div>
    </ActionForm>
  );
}

'use client';
// The passkeys of a signed-in account (staff on the security page, customers on /account): each
// with its name, when it was added and last used, and controls to rename and remove it (the server
// words a refusal: a staff type's required factor, a customer's last way to sign in); adding one asks this device's
// authenticator (navigator.credentials
// through @simplewebauthn/browser) for a new discoverable credential under a name.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { useAuthCalls } from '../auth/role-calls';
import { ActionForm } from '../components/action-form';
import { LiveAlert } from '../components/alert';
import { Button, RowActionButton } from '../components/button';
import listStyles from '../components/list.module.css';
import { LoadFailed, Loading } from '../components/page-state';
import { Panel, panelStyles } from '../components/panel';
import { TextField } from '../components/text-field';
import { when } from '../session/sessions-list';
import { passkeyProblemOf, shownErrorOf, trpc } from '../trpc/client';
import { RenamePasskeyForm } from './rename-passkey-form';

export function PasskeysPanel({ role, onChanged }: { role: Role; onChanged?(): void }) {
  const calls = useAuthCalls(role);
  const utils = trpc.useUtils();
  const list = trpc[role].listPasskeys.useQuery();
  const [name, setName] = useState('');
  const [unnamed, setUnnamed] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renamed, setRenamed] = useState<string | null>(null);
  const changed = async () => {
    await utils[role].listPasskeys.invalidate();
    onChanged?.();
  };
  const add = useMutation({
    mutationFn: calls.addPasskey,
    onSuccess: async () => {
      setName('');
      await changed();
    },
  });
  const remove = useMutation({
    mutationFn: (passkeyId: string) => utils.client[role].deletePasskey.mutate({ passkeyId }),
    onMutate: () => setRenamed(null),
    onSuccess: changed,
  });
  const startRenaming = (passkeyId: string) => {
    setRenaming(passkeyId);
    setRenamed(null);
    remove.reset();
  };

  function submit() {
    setUnnamed(!name.trim());
    if (name.trim()) add.mutate({ name: name.trim() });
  }

  return (
    <Panel title="Passkeys">
      <p className={panelStyles.muted}>
        A passkey signs you in without your password, with this device&apos;s screen lock or a security key.
      </p>
      {list.isPending ? <Loading what="your passkeys" /> : null}
      {list.isError ? (
        <LoadFailed message={shownErrorOf(list.error).message} onRetry={() => void list.refetch()} />
      ) : null}
      <LiveAlert tone="error" message={remove.error ? shownErrorOf(remove.error).message : null} />
      <LiveAlert tone="success" message={remove.isSuccess ? 'The passkey is removed.' : renamed} />
      {list.data && list.data.items.length === 0 ? <p>No passkeys yet.</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className={listStyles.list} aria-label="Your passkeys">
          {list.data.items.map((passkey) => (
            <li key={passkey.id} className={`${listStyles.item} ${listStyles.row}`}>
              {renaming === passkey.id ? (
                <RenamePasskeyForm
                  role={role}
                  passkey={passkey}
                  onDone={(view) => {
                    setRenaming(null);
                    if (view) setRenamed(`Passkey renamed to “${view.name}”.`);
                  }}
                />
              ) : (
                <>
                  <div>
                    <p className={listStyles.title}>{passkey.name}</p>
                    <p className={listStyles.meta}>
                      Added {when(passkey.created_at)} ·{' '}
                      {passkey.last_used_at ? `last used ${when(passkey.last_used_at)}` : 'not used yet'}
                    </p>
                  </div>
                  <div className={listStyles.actions}>
                    <Button variant="secondary" onClick={() => startRenaming(passkey.id)}>
                      Rename<span className="visually-hidden"> passkey {passkey.name}</span>
                    </Button>
                    <RowActionButton action={remove} value={passkey.id} pendingLabel="Removing…">
                      Remove<span className="visually-hidden"> passkey {passkey.name}</span>
                    </RowActionButton>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Add a passkey</h3>
      <ActionForm
        label="Add a passkey"
        submitLabel="Add passkey"
        pendingLabel="Waiting for your device…"
        pending={add.isPending}
        error={add.error ? passkeyProblemOf(add.error) : null}
        success={add.data ? `Passkey “${add.data.name}” added.` : null}
        onSubmit={submit}
      >
        <TextField
          label="Passkey name"
          hint="To tell it from your others, such as “Work laptop”."
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={unnamed ? 'Name the passkey.' : add.error ? shownErrorOf(add.error).fieldErrors.name : undefined}
        />
      </ActionForm>
    </Panel>
  );
}

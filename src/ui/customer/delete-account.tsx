'use client';
// Deleting the customer's account: the password confirms it, after a second, explicit question.
// The session ends with it, and the page returns to the sign-in page.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAction } from '../admin/use-action';
import { loginPath } from '../auth/role-text';
import { ActionForm } from '../components/action-form';
import { Button } from '../components/button';
import { Panel, panelStyles } from '../components/panel';
import { PasswordField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { accessTokens, signOut } from '../trpc/session-client';

export function DeleteAccount() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [asked, setAsked] = useState(false);
  const [password, setPassword] = useState('');
  const [blank, setBlank] = useState(false);
  const remove = useAction(
    async (input: { password: string }) => {
      await utils.client.customer.deleteMe.mutate(input);
      await signOut('customer').catch(() => accessTokens.clear('customer')); // clears the cookie; the session is gone already
      queryClient.clear();
      router.replace(loginPath('customer', 'deleted'));
    },
    () => null,
  );

  function submit() {
    setBlank(!password);
    if (password) remove.run({ password });
  }

  return (
    <Panel title="Delete your account">
      <p className={panelStyles.muted}>
        Your name, e-mail address and password are removed at once and every session ends. This cannot be undone.
      </p>
      {asked ? (
        <ActionForm
          label="Confirm deleting your account"
          submitLabel="Delete my account for good"
          pendingLabel="Deleting…"
          pending={remove.pending}
          error={remove.error}
          onSubmit={submit}
        >
          <PasswordField
            label="Password to confirm"
            name="delete-password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={blank ? 'Enter your password.' : remove.fieldError('password')}
          />
          <Button variant="secondary" onClick={() => setAsked(false)}>
            Keep my account
          </Button>
        </ActionForm>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAsked(true)}>
            Delete my account…
          </Button>
        </div>
      )}
    </Panel>
  );
}

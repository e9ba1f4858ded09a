'use client';
// Changing the customer's e-mail address: the new address and the password mail a code to the new
// address; the code confirms it.
import { useState } from 'react';
import { useAction } from '../admin/use-action';
import { ActionForm } from '../components/action-form';
import { CODE_LENGTH, CodeField } from '../components/code-field';
import { Panel, panelStyles } from '../components/panel';
import { EmailField, PasswordField } from '../components/text-field';
import { trpc } from '../trpc/client';

export function ChangeEmail({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const request = useAction(
    (input: { new_email: string; password: string }) => utils.client.customer.changeEmail.mutate(input),
    (result) => {
      setPassword('');
      setSent(result.message);
      return null;
    },
  );
  const confirm = useAction(
    (input: { code: string }) => utils.client.customer.verifyEmailChange.mutate(input),
    (result) => {
      utils.customer.me.setData(undefined, result);
      setSent(null);
      setCode('');
      setNewEmail('');
      return `Your e-mail address is now ${result.customer.email}.`;
    },
  );

  function submitRequest() {
    const blank = !newEmail.trim() ? 'Enter the new e-mail address.' : !password ? 'Enter your password.' : null;
    setProblem(blank);
    if (!blank) request.run({ new_email: newEmail, password });
  }

  function submitCode() {
    const incomplete = code.length === CODE_LENGTH ? null : `Enter all ${CODE_LENGTH} digits.`;
    setProblem(incomplete);
    if (!incomplete) confirm.run({ code });
  }

  return (
    <Panel title="Change your e-mail address">
      <p className={panelStyles.muted}>You sign in with {email}. We mail a code to the new address to confirm it.</p>
      {sent ? (
        <ActionForm
          label="Confirm the new e-mail address"
          submitLabel="Confirm address"
          pendingLabel="Confirming…"
          pending={confirm.pending}
          error={problem ?? confirm.error}
          success={sent}
          onSubmit={submitCode}
        >
          <CodeField value={code} onChange={setCode} error={confirm.fieldError('code')} />
        </ActionForm>
      ) : (
        <ActionForm
          label="Change your e-mail address"
          submitLabel="Send code"
          pendingLabel="Sending code…"
          pending={request.pending}
          error={problem ?? request.error}
          success={confirm.success}
          onSubmit={submitRequest}
        >
          <EmailField
            value={newEmail}
            onChange={setNewEmail}
            error={request.fieldError('new_email')}
            hint="The new address."
          />
          <PasswordField
            label="Current password"
            name="email-change-password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={request.fieldError('password')}
          />
        </ActionForm>
      )}
    </Panel>
  );
}

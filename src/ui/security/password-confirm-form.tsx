'use client';
// A security action that asks for the account's password again (removing the authenticator app,
// new recovery codes): the field, the server's refusal as it words it, the field emptied after.
import { useState } from 'react';
import { useAction } from '../admin/use-action';
import { ActionForm } from '../components/action-form';
import { TextField } from '../components/text-field';

export interface PasswordConfirmFormProps<T> {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  hint: string;
  onConfirm(password: string): Promise<T>;
  /** The success line to announce, or null when the caller shows the result itself. */
  done(result: T): string | null;
}

export function PasswordConfirmForm<T>({
  label,
  submitLabel,
  pendingLabel,
  hint,
  onConfirm,
  done,
}: PasswordConfirmFormProps<T>) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const action = useAction(onConfirm, (result: T) => {
    setPassword('');
    return done(result);
  });

  function submit() {
    setMissing(!password);
    if (password) action.run(password);
  }

  return (
    <ActionForm
      label={label}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={submit}
    >
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint={hint}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={missing ? 'Enter your password.' : action.fieldError('password')}
      />
    </ActionForm>
  );
}

'use client';
// Password reset step 3: the new password, with the length rule shown live and a confirmation.
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { shownErrorOf } from '../trpc/client';
import styles from './form.module.css';
import { useChosenPassword } from './password-rules';
import { useAuthCalls } from './role-calls';

export interface NewPasswordStepProps {
  role: Role;
  resetToken: string;
  onDone(): void;
  onStartOver(): void;
}

export function NewPasswordStep({ role, resetToken, onDone, onStartOver }: NewPasswordStepProps) {
  const calls = useAuthCalls(role);
  const chosen = useChosenPassword();
  const complete = useMutation({ mutationFn: calls.completeReset, onSuccess: onDone });
  const error = complete.error ? shownErrorOf(complete.error) : null;
  const expired = error?.code === 'invalid_reset_token';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.check()) complete.mutate({ reset_token: resetToken, password: chosen.password });
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label="Choose a new password">
      <LiveAlert
        tone="error"
        message={expired ? 'This reset has expired or was already used. Ask for a new code.' : error?.message}
      />
      {chosen.fields({ password: 'New password', confirmation: 'Confirm new password' }, error?.fieldErrors.password)}
      {expired ? (
        <Button block onClick={onStartOver}>
          Ask for a new code
        </Button>
      ) : (
        <Button type="submit" block pending={complete.isPending || complete.isSuccess} pendingLabel="Saving password…">
          Change password
        </Button>
      )}
    </form>
  );
}

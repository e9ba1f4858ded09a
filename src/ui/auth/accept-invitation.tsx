'use client';
// Accepting an invitation: the invited person chooses a password (with the length rule shown live and
// a confirmation), the account is made and signed in, and the page goes on to the role's home; an
// account type that requires a second factor enrols one first, as at sign-in.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { shownErrorOf } from '../trpc/client';
import { AfterPasswordStep } from './after-password';
import styles from './form.module.css';
import { useChosenPassword } from './password-rules';
import { useAuthCalls } from './role-calls';
import { homePath } from './role-text';

const REFUSED: Record<string, string> = {
  invalid_token:
    'This invitation link was already used, revoked, replaced by a newer one or has expired. Ask for a new invitation.',
  conflict: 'An account with this e-mail already exists: sign in instead.',
};

export function AcceptInvitationForm({ role, token }: { role: 'admin' | 'vendor'; token: string }) {
  const router = useRouter();
  const calls = useAuthCalls(role);
  const chosen = useChosenPassword();
  const signedIn = () => router.push(homePath(role));
  const accept = useMutation({
    mutationFn: calls.acceptInvitation,
    onSuccess: (nextStep) => (nextStep ? undefined : signedIn()),
  });
  const error = accept.error ? shownErrorOf(accept.error) : null;

  if (accept.data)
    return <AfterPasswordStep role={role} answer={accept.data} onSignedIn={signedIn} onStartOver={signedIn} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.check()) accept.mutate({ token, password: chosen.password });
  }

  const refused = error ? REFUSED[error.code] : undefined;
  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label="Choose your password">
      <LiveAlert tone="error" message={refused ?? error?.message} />
      {chosen.fields({ password: 'Your password', confirmation: 'Confirm your password' }, error?.fieldErrors.password)}
      <Button type="submit" block pending={accept.isPending || accept.isSuccess} pendingLabel="Creating your account…">
        Create account and sign in
      </Button>
    </form>
  );
}

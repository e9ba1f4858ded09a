'use client';
// Password reset step 2: the e-mailed code for a reset token. A wrong code is a 401 that must never
// look like an expired session: these calls bypass the refresh-on-401 link (see refresh-link.ts).
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { CODE_LENGTH, CodeField } from '../components/code-field';
import { shownErrorOf } from '../trpc/client';
import styles from './form.module.css';
import type { ResetIdentity } from './request-code-step';
import { useAuthCalls } from './role-calls';

export interface VerifyCodeStepProps {
  role: Role;
  identity: ResetIdentity;
  sentMessage: string;
  onVerified(resetToken: string): void;
  onStartOver(): void;
}

export function VerifyCodeStep({ role, identity, sentMessage, onVerified, onStartOver }: VerifyCodeStepProps) {
  const calls = useAuthCalls(role);
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const verify = useMutation({
    mutationFn: calls.verifyReset,
    onSuccess: (result) => onVerified(result.reset_token),
    onError: () => setCode(''),
  });
  const error = verify.error ? shownErrorOf(verify.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIncomplete(code.length !== CODE_LENGTH);
    if (code.length === CODE_LENGTH) verify.mutate({ ...identity, code });
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label="Enter the code">
      <LiveAlert tone="info" message={sentMessage} />
      <LiveAlert tone="error" message={error?.message} />
      <CodeField
        value={code}
        onChange={setCode}
        error={incomplete ? `Enter all ${CODE_LENGTH} digits.` : error?.fieldErrors.code}
      />
      <Button type="submit" block pending={verify.isPending} pendingLabel="Checking code…">
        Verify code
      </Button>
      <p className={styles.small}>
        No e-mail after a few minutes?{' '}
        <Button variant="link" onClick={onStartOver}>
          Send a new code
        </Button>
      </p>
    </form>
  );
}

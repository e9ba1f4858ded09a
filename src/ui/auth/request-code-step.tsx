'use client';
// Password reset step 1: e-mail and (for staff) account type; the answer is the same whether or not the account exists.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { ChoiceGroup } from '../components/choice-group';
import { EmailField } from '../components/text-field';
import { shownErrorOf } from '../trpc/client';
import styles from './form.module.css';
import { useAuthCalls } from './role-calls';
import { ACCOUNT_TYPE_LABEL, ACCOUNT_TYPES } from './role-text';

export interface ResetIdentity {
  email: string;
  type: string;
}

export function RequestCodeStep({
  role,
  initial,
  onSent,
}: {
  role: Role;
  initial: ResetIdentity;
  onSent(identity: ResetIdentity, message: string): void;
}) {
  const calls = useAuthCalls(role);
  const [email, setEmail] = useState(initial.email);
  const [type, setType] = useState<string | null>(initial.type || null);
  const [missing, setMissing] = useState<{ email?: string; type?: string }>({});
  const request = useMutation({
    mutationFn: calls.requestReset,
    onSuccess: (result, identity) => onSent(identity, result.message),
  });
  const error = request.error ? shownErrorOf(request.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const types = ACCOUNT_TYPES[role];
    const empty = {
      email: email.trim() ? undefined : 'Enter your e-mail address.',
      type: type || !types.length ? undefined : 'Choose your account type.',
    };
    setMissing(empty);
    if (!empty.email && !empty.type) request.mutate({ email, type: type ?? '' });
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label="Request a code">
      <LiveAlert tone="error" message={error?.message ?? missing.type} />
      <EmailField
        value={email}
        onChange={setEmail}
        error={missing.email ?? error?.fieldErrors.email}
        hint="We send a 6-digit code to this address."
      />
      {ACCOUNT_TYPES[role].length ? (
        <ChoiceGroup
          legend="Account type"
          name="type"
          choices={ACCOUNT_TYPES[role].map((value) => ({ value, label: ACCOUNT_TYPE_LABEL[value] ?? value }))}
          value={type}
          onChange={setType}
          required
        />
      ) : null}
      <Button type="submit" block pending={request.isPending} pendingLabel="Sending code…">
        Send code
      </Button>
    </form>
  );
}

'use client';
// A customer form that asks for an e-mail address (and any other fields) and mails a code: the
// answer is the same whether or not the address is known.
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import styles from '../auth/form.module.css';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { EmailField } from '../components/text-field';
import { shownErrorOf } from '../trpc/client';

export interface EmailStepProps {
  label: string;
  submitLabel: string;
  /** Blank-field messages of the other fields; the request is sent only when there are none. */
  otherProblems?(): Record<string, string | undefined>;
  send(email: string): Promise<{ message: string }>;
  onSent(email: string, message: string): void;
  /** The server's message for a field, for the other fields. */
  children?(fieldError: (field: string) => string | undefined, problems: Record<string, string | undefined>): ReactNode;
}

export function EmailStep({ label, submitLabel, otherProblems, send, onSent, children }: EmailStepProps) {
  const t = useTranslations('auth.code');
  const common = useTranslations('common');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const request = useMutation({ mutationFn: send, onSuccess: (result, sent) => onSent(sent, result.message) });
  const error = request.error ? shownErrorOf(request.error) : null;
  const fieldError = (field: string) => error?.fieldErrors[field];

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: email.trim() ? undefined : common('field.enterEmail'), ...otherProblems?.() };
    setProblems(found);
    if (Object.values(found).every((problem) => !problem)) request.mutate(email);
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label={label}>
      <LiveAlert tone="error" message={error?.message} />
      <EmailField value={email} onChange={setEmail} error={problems.email ?? fieldError('email')} hint={t('hint')} />
      {children?.(fieldError, problems)}
      <Button type="submit" block pending={request.isPending} pendingLabel={t('sending')}>
        {submitLabel}
      </Button>
    </form>
  );
}

'use client';
// A form of the administration pages: its fields, an announced error (assertive) and success
// (polite) message, and a submit button that waits while the request is pending.
import type { FormEvent, ReactNode } from 'react';
import styles from '../auth/form.module.css';
import { LiveAlert } from './alert';
import { Button } from './button';
import listStyles from './list.module.css';

export interface ActionFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string | null;
  success?: string | null;
  onSubmit(): void;
  /** One line of fields beside the button (add a store, a terminal) instead of a stack. */
  inline?: boolean;
  children: ReactNode;
}

export function ActionForm({
  label,
  submitLabel,
  pendingLabel,
  pending,
  error,
  success,
  onSubmit,
  inline,
  children,
}: ActionFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label={label}>
      <LiveAlert tone="error" message={error} />
      <LiveAlert tone="success" message={success} />
      <div className={inline ? listStyles.inlineForm : styles.form}>
        {children}
        <div>
          <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

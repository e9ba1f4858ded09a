'use client';
// What the account forms share: the name field; for an invitation its e-mail, checked before
// sending; and for a change, sending only the fields that changed.
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { ActionForm } from '../components/action-form';
import { TextField } from '../components/text-field';
import { blankFields, useAction } from './use-action';

type FieldError = (field: string) => string | undefined;

export function NameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const t = useTranslations('admin.accountForms');
  return (
    <TextField
      label={t('name')}
      name="name"
      autoComplete="off"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/**
 * An invitation's form state: the rights' fields and the e-mail, the checks made before sending
 * (blank fields), and `invite` once they pass. The invited person chooses the password.
 */
export function useInvitationForm<Fields extends { name: string }, Invited extends { name: string; email: string }>(
  empty: Fields,
  invite: (input: Fields & { email: string }) => Promise<Invited>,
  done: (invited: Invited) => string,
) {
  const t = useTranslations('admin.accountForms');
  const [fields, setFields] = useState(empty);
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const action = useAction(invite, (invited) => {
    setFields(empty);
    setEmail('');
    return done(invited);
  });
  const errorOf: FieldError = (field) => problems[field] ?? action.fieldError(field);

  function submit() {
    const found = blankFields({ name: [fields.name, t('nameMissing')], email: [email, t('emailMissing')] });
    setProblems(found);
    if (Object.values(found).every((problem) => !problem)) action.run({ ...fields, email });
  }

  const credentials = () => (
    <TextField
      label={t('email')}
      name="email"
      type="email"
      autoComplete="off"
      required
      value={email}
      onChange={(e) => setEmail(e.target.value)}
      hint={t('emailHint')}
      error={errorOf('email')}
    />
  );
  return { fields, setFields, action, submit, errorOf, credentials };
}

/** An invitation's form around its fields: sent with one button, its outcome announced. */
export function InvitationForm({
  label,
  form,
  children,
}: {
  label: string;
  form: { action: { pending: boolean; error: string | null; success: string | null }; submit(): void };
  children: ReactNode;
}) {
  const t = useTranslations('admin.accountForms');
  const { action } = form;
  return (
    <ActionForm
      label={label}
      submitLabel={t('sendInvitation')}
      pendingLabel={t('sending')}
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={form.submit}
    >
      {children}
    </ActionForm>
  );
}

/** What an invitation form says once the mail is on its way. */
export function useInvitedNotice() {
  const t = useTranslations('admin.accountForms');
  const format = useFormatter();
  return (invited: { name: string; email: string; expires_at: string }) =>
    t('invited', {
      name: invited.name,
      email: invited.email,
      until: format.dateTime(new Date(invited.expires_at), { dateStyle: 'medium', timeStyle: 'short' }),
    });
}

export interface ChangeFormProps<Changes extends object, Result> {
  /** The account's name, for the form's accessible name. */
  name: string;
  /** The fields that differ from the stored account; none means there is nothing to send. */
  changes(): Changes;
  save(changes: Changes): Promise<Result>;
  done(result: Result): string;
  children(fieldError: FieldError): ReactNode;
}

export function ChangeForm<Changes extends object, Result>({
  name,
  changes,
  save,
  done,
  children,
}: ChangeFormProps<Changes, Result>) {
  const t = useTranslations('admin.accountForms');
  const [nothing, setNothing] = useState(false);
  const action = useAction(save, done);
  function submit() {
    const changed = changes();
    const none = Object.keys(changed).length === 0;
    setNothing(none);
    if (!none) action.run(changed);
  }
  return (
    <ActionForm
      label={t('changeLabel', { name })}
      submitLabel={t('saveChanges')}
      pendingLabel={t('saving')}
      pending={action.pending}
      error={nothing ? t('nothingToSave') : action.error}
      success={action.success}
      onSubmit={submit}
    >
      {children(action.fieldError)}
    </ActionForm>
  );
}

'use client';
// What the account forms share: the name field; for an invitation its e-mail, checked before
// sending; and for a change, sending only the fields that changed.
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
  return (
    <TextField
      label="Name"
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
    const found = blankFields({ name: [fields.name, 'Enter a name.'], email: [email, 'Enter an e-mail address.'] });
    setProblems(found);
    if (Object.values(found).every((problem) => !problem)) action.run({ ...fields, email });
  }

  const credentials = (emailHint: string) => (
    <TextField
      label="E-mail"
      name="email"
      type="email"
      autoComplete="off"
      required
      value={email}
      onChange={(e) => setEmail(e.target.value)}
      hint={emailHint}
      error={errorOf('email')}
    />
  );
  return { fields, setFields, action, submit, errorOf, credentials };
}

/** The e-mail field's hint of every invitation form. */
export const INVITED_EMAIL_HINT = 'The invitation goes here; the link lets them choose their own password.';

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
  const { action } = form;
  return (
    <ActionForm
      label={label}
      submitLabel="Send invitation"
      pendingLabel="Sending…"
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
export const invitedNotice = (invited: { name: string; email: string; expires_at: string }) =>
  `An invitation is on its way to ${invited.name} (${invited.email}). Its link is valid until ${new Date(
    invited.expires_at,
  ).toLocaleString()} and signs them in once they choose their password.`;

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
      label={`Change ${name}`}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      pending={action.pending}
      error={nothing ? 'Nothing to save: change a field first.' : action.error}
      success={action.success}
      onSubmit={submit}
    >
      {children(action.fieldError)}
    </ActionForm>
  );
}

'use client';
// What the account forms share: the name field; for a new account its e-mail and first password,
// checked before sending; and for a change, sending only the fields that changed.
import { useState, type ReactNode } from 'react';
import { passwordProblem } from '../auth/password-rules';
import { ActionForm } from '../components/action-form';
import { PasswordField, TextField } from '../components/text-field';
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
 * A new account's form state: its fields, e-mail and first password, the checks made before
 * sending (blank fields, a password the policy refuses), and `create` once they pass.
 */
export function useNewAccount<Fields extends { name: string }, Created extends { name: string; email: string }>(
  empty: Fields,
  create: (input: Fields & { email: string; password: string }) => Promise<Created>,
  done: (created: Created) => string,
) {
  const [fields, setFields] = useState(empty);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const action = useAction(create, (created) => {
    setFields(empty);
    setEmail('');
    setPassword('');
    return done(created);
  });
  const errorOf: FieldError = (field) => problems[field] ?? action.fieldError(field);

  function submit() {
    const found = {
      ...blankFields({ name: [fields.name, 'Enter a name.'], email: [email, 'Enter an e-mail address.'] }),
      password: passwordProblem(password) ?? undefined,
    };
    setProblems(found);
    if (Object.values(found).every((problem) => !problem)) action.run({ ...fields, email, password });
  }

  const credentials = (passwordHint: string) => (
    <>
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errorOf('email')}
      />
      <PasswordField
        label="First password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        hint={passwordHint}
        error={errorOf('password')}
      />
    </>
  );
  return { fields, setFields, action, submit, errorOf, credentials };
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

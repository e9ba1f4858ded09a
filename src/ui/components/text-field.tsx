// A labelled input with an optional hint and error, both announced with the input (aria-describedby).
import { useTranslations } from 'next-intl';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  /** Rendered in a polite live region, for hints that change as the user types. */
  liveHint?: boolean;
  error?: string;
  /** Something to put at the label's end, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
  inputClassName?: string;
}

export function TextField({ label, hint, liveHint, error, labelAside, inputClassName, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        className={[styles.input, inputClassName ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <div id={hintId} className={styles.hint} aria-live={liveHint ? 'polite' : undefined}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type ValueFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange(value: string): void;
};

/** A password input; `autoComplete` tells password managers whether it is the current or a new one. */
export function PasswordField({
  onChange,
  ...field
}: ValueFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField type="password" required {...field} onChange={(e) => onChange(e.target.value)} />;
}

/** The e-mail field of the sign-in and reset forms; browsers offer the saved account for it. */
export function EmailField({ onChange, ...field }: Omit<ValueFieldProps, 'label' | 'name'>) {
  const t = useTranslations('common.field');
  return (
    <TextField
      label={t('email')}
      name="email"
      type="email"
      autoComplete="username"
      required
      {...field}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

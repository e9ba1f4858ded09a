// The new-password rules, checked as the user types with the core's own limits, and the field that shows them.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '@/contract/auth-schemas';
import fieldStyles from '../components/field.module.css';
import { PasswordField } from '../components/text-field';

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

/** The length rule with what is still missing; shown in a polite live region by the field. */
export function PasswordRules({ password }: { password: string }) {
  const t = useTranslations('auth.password');
  const missing = PASSWORD_MIN_LENGTH - password.length;
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) return <span>{t('tooLong', { max: PASSWORD_MAX_LENGTH })}</span>;
  if (missing > 0) return <span>{t('missing', { min: PASSWORD_MIN_LENGTH, missing })}</span>;
  return (
    <span className={fieldStyles.met}>
      <span aria-hidden="true">✓ </span>
      {t('met', { min: PASSWORD_MIN_LENGTH })}
    </span>
  );
}

/** A field for choosing a password, with the rules announced as the user types. */
export function NewPasswordField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <PasswordField
      label={label}
      name="new-password"
      autoComplete="new-password"
      value={value}
      onChange={onChange}
      hint={<PasswordRules password={value} />}
      liveHint
      error={error}
    />
  );
}

/** A password being chosen and its confirmation, checked before sending (the rules, and that both agree). */
export function useChosenPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password?: string; confirmation?: string }>({});
  /** Shows what is wrong; true when the password may be sent. */
  function check(): boolean {
    const found = {
      password: passwordProblem(password) ?? undefined,
      confirmation: confirmation === password ? undefined : 'The two passwords differ.',
    };
    setProblems(found);
    return !found.password && !found.confirmation;
  }
  const fields = (labels: { password: string; confirmation: string }, serverError?: string) => (
    <>
      <NewPasswordField
        label={labels.password}
        value={password}
        onChange={setPassword}
        error={problems.password ?? serverError}
      />
      <PasswordField
        label={labels.confirmation}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
        error={problems.confirmation}
      />
    </>
  );
  return { password, check, fields };
}

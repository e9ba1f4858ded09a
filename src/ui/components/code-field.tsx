// The 6-digit code input: one field (screen readers read it as one), digits only, and a pasted
// "123 456" or "Your code: 123456" keeps just its six digits.
import { useTranslations } from 'next-intl';
import type { ClipboardEvent } from 'react';
import styles from './field.module.css';
import { TextField } from './text-field';

export const CODE_LENGTH = 6;

const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, CODE_LENGTH);

export interface CodeFieldProps {
  value: string;
  onChange(code: string): void;
  error?: string;
  autoFocus?: boolean;
  /** Where the code comes from; the e-mail by default. */
  hint?: string;
}

export function CodeField({ value, onChange, error, autoFocus, hint }: CodeFieldProps) {
  const t = useTranslations('common.code');
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onChange(digitsOf(event.clipboardData.getData('text')));
  };
  return (
    <TextField
      label={t('label')}
      name="code"
      hint={hint ?? t('hint')}
      error={error}
      value={value}
      onChange={(event) => onChange(digitsOf(event.target.value))}
      onPaste={onPaste}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={CODE_LENGTH + 8}
      spellCheck={false}
      autoFocus={autoFocus}
      required
      inputClassName={styles.code}
    />
  );
}

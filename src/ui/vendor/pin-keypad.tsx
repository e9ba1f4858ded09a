'use client';
// A PIN keypad for touchscreens that works from the keyboard too: the digits go into one labelled
// password input (type there, or press the buttons, each named for screen readers).
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { PIN_LENGTH } from '@/contract/terminal-schemas';
import { Button } from '../components/button';
import styles from './pin-keypad.module.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function PinKeypad({
  who,
  pending,
  onSubmit,
  purpose = 'sign_in',
}: {
  who: string;
  pending: boolean;
  onSubmit: (pin: string) => void;
  /** What the PIN is for: signing in (Switch user), or a manager approving a request. */
  purpose?: 'sign_in' | 'approve';
}) {
  const t = useTranslations('pin');
  const [pin, setPin] = useState('');
  const press = (digit: string) => setPin((current) => (current.length < PIN_LENGTH ? current + digit : current));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pin.length === PIN_LENGTH) onSubmit(pin);
    setPin('');
  }

  return (
    <form method="post" className={styles.keypad} onSubmit={submit} aria-label={t(`form.${purpose}`, { who })}>
      <label className={styles.label} htmlFor="pin-input">
        {t('label', { who })}
      </label>
      <input
        id="pin-input"
        className={styles.display}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        maxLength={PIN_LENGTH}
        value={pin}
        onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
      />
      <div className={styles.keys}>
        {KEYS.map((digit) => (
          <Button key={digit} variant="secondary" aria-label={t('digit', { digit })} onClick={() => press(digit)}>
            {digit}
          </Button>
        ))}
        <Button variant="secondary" aria-label={t('delete')} onClick={() => setPin((current) => current.slice(0, -1))}>
          ⌫
        </Button>
        <Button variant="secondary" aria-label={t('digit', { digit: '0' })} onClick={() => press('0')}>
          0
        </Button>
        <Button
          type="submit"
          aria-label={t(`submit.${purpose}`)}
          pending={pending}
          disabled={pin.length !== PIN_LENGTH}
        >
          {t('ok')}
        </Button>
      </div>
    </form>
  );
}

'use client';
// Enrolling an authenticator app: at sign-in for an account that must have a second factor (with
// the login's mfa_token), or from the security page of a signed-in account. The app's QR code (an
// <img> of a data: URL, which the CSP's img-src allows) and its secret as text, the first code to
// confirm it, then the recovery codes; "I have saved them" goes on (signed in, at sign-in).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { CODE_LENGTH, CodeField } from '../components/code-field';
import { shownErrorOf } from '../trpc/client';
import styles from './form.module.css';
import { RecoveryCodes } from './recovery-codes';
import { useAuthCalls } from './role-calls';
import { StartOver } from './second-factor-step';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

interface EnrolmentStepProps {
  role: Role;
  /** The login's token while enrolling at sign-in; without it the signed-in account enrols. */
  mfaToken?: string;
  /** After the recovery codes are saved. */
  onDone(): void;
  /** At sign-in: back to the password once the mfa_token is spent or expired. */
  onStartOver?(): void;
  /** On the security page: leave without enrolling. */
  onCancel?(): void;
}

export function EnrolmentStep({ role, mfaToken, onDone, onStartOver, onCancel }: EnrolmentStepProps) {
  const calls = useAuthCalls(role);
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const setup = useQuery({
    queryKey: ['totp-setup', role, mfaToken ?? 'signed-in'],
    queryFn: () => calls.totpSetup({ mfa_token: mfaToken }),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const confirm = useMutation({ mutationFn: calls.totpConfirm, onError: () => setCode('') });
  const error = setup.error ?? confirm.error;
  const shown = error ? shownErrorOf(error) : null;

  if (confirm.data) return <RecoveryCodes codes={confirm.data} onSaved={onDone} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIncomplete(code.length !== CODE_LENGTH);
    if (code.length === CODE_LENGTH) confirm.mutate({ mfa_token: mfaToken, code });
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label="Set up an authenticator app">
      <h2 className={styles.stepTitle}>Set up an authenticator app</h2>
      <p>
        {mfaToken ? 'This account needs a second factor. ' : ''}Scan the QR code with your authenticator app, or type
        the secret into it.
      </p>
      <LiveAlert tone="error" message={shown?.message} />
      {onStartOver ? <StartOver error={shown} onStartOver={onStartOver} /> : null}
      {setup.data ? (
        <>
          <img
            className={styles.qr}
            src={svgDataUrl(setup.data.qr_svg)}
            alt="QR code of the authenticator app's secret"
            width={192}
            height={192}
          />
          <p>
            Secret:{' '}
            <code className={styles.secret} data-testid="totp-secret">
              {setup.data.secret}
            </code>
          </p>
        </>
      ) : (
        <p aria-busy="true">Preparing your secret…</p>
      )}
      <CodeField
        value={code}
        onChange={setCode}
        hint="Then type the 6-digit code the app shows."
        error={incomplete ? `Enter all ${CODE_LENGTH} digits.` : shown?.fieldErrors.code}
      />
      <Button type="submit" block disabled={!setup.data} pending={confirm.isPending} pendingLabel="Checking code…">
        Confirm
      </Button>
      {onCancel ? (
        <Button variant="secondary" block onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}

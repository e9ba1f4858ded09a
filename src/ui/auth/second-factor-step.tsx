'use client';
// Sign-in step 2 for an account with a second factor: the code from the authenticator app, or,
// behind a switch, one of the recovery codes. A wrong code clears the field; the session follows.
// A spent or expired step offers to start over.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Role } from '@/contract/auth-schemas';
import type { MfaChallenge } from '@/contract/factor-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { CODE_LENGTH, CodeField } from '../components/code-field';
import { TextField } from '../components/text-field';
import { shownErrorOf, type ShownError } from '../trpc/client';
import styles from './form.module.css';
import { useAuthCalls } from './role-calls';

interface SecondFactorStepProps {
  role: Role;
  challenge: MfaChallenge;
  onSignedIn(): void;
  onStartOver(): void;
}

export function SecondFactorStep({ role, challenge, onSignedIn, onStartOver }: SecondFactorStepProps) {
  const calls = useAuthCalls(role);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const verify = useMutation({
    mutationFn: calls.mfaVerify,
    onSuccess: onSignedIn,
    onError: () => (useRecovery ? setRecoveryCode('') : setCode('')),
  });
  const error = verify.error ? shownErrorOf(verify.error) : null;
  const canUseRecovery = challenge.methods.includes('recovery_code');

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = useRecovery ? !recoveryCode.trim() : code.length !== CODE_LENGTH;
    setIncomplete(missing);
    if (missing) return;
    verify.mutate(
      useRecovery
        ? { mfa_token: challenge.mfa_token, recovery_code: recoveryCode.trim() }
        : { mfa_token: challenge.mfa_token, code },
    );
  }

  function toggle() {
    setUseRecovery(!useRecovery);
    setIncomplete(false);
    verify.reset();
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label="Second step">
      <h2 className={styles.stepTitle}>
        {useRecovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your authenticator app'}
      </h2>
      <LiveAlert tone="error" message={error?.message} />
      <StartOver error={error} onStartOver={onStartOver} />
      {useRecovery ? (
        <TextField
          label="Recovery code"
          name="recovery_code"
          hint="Each recovery code works once."
          value={recoveryCode}
          onChange={(event) => setRecoveryCode(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          required
          error={incomplete ? 'Enter a recovery code.' : error?.fieldErrors.recovery_code}
        />
      ) : (
        <CodeField
          value={code}
          onChange={setCode}
          hint="Open your authenticator app and type the code it shows now."
          autoFocus
          error={incomplete ? `Enter all ${CODE_LENGTH} digits.` : error?.fieldErrors.code}
        />
      )}
      <Button type="submit" block pending={verify.isPending || verify.isSuccess} pendingLabel="Signing in…">
        Verify
      </Button>
      {canUseRecovery ? (
        <p className={styles.small}>
          <Button variant="link" onClick={toggle}>
            {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Button>
        </p>
      ) : null}
    </form>
  );
}

/**
 * The way back from a second step whose mfa_token is spent (five wrong codes, or used) or expired
 * (5 minutes): the server refuses it with invalid_token, and only a new sign-in helps.
 */
export function StartOver({ error, onStartOver }: { error: ShownError | null; onStartOver(): void }) {
  if (error?.code !== 'invalid_token') return null;
  return (
    <p className={styles.small}>
      This step can no longer be used.{' '}
      <Button variant="link" onClick={onStartOver}>
        Start over
      </Button>
    </p>
  );
}

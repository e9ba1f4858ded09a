'use client';
// The customer's sign-in: the password form (or a passkey), or "E-mail me a code" and then the code step.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import styles from '../auth/form.module.css';
import { LoginForm } from '../auth/login-form';
import type { LoginReason } from '../auth/role-text';
import { Button } from '../components/button';
import { trpc } from '../trpc/client';
import { CodeSignInStep } from './code-sign-in-step';
import { EmailStep } from './email-step';
import { GuestButton } from './guest-button';
import { ProviderButtons, type Provider } from './provider-buttons';
import { withChallenge } from '../challenge/solve-challenge';

type Mode = { name: 'password' } | { name: 'email' } | { name: 'code'; email: string; message: string };

export function CustomerLogin({
  notice,
  providers,
  appReturn,
}: {
  notice?: LoginReason;
  providers: readonly Provider[];
  /** The authorization server's interaction to go on to once signed in. */
  appReturn?: string;
}) {
  const t = useTranslations('auth.signIn');
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<Mode>({ name: 'password' });
  const requestCode = (email: string) =>
    withChallenge((challenge) => utils.client.customer.requestLoginCode.mutate({ email, challenge }));

  if (mode.name === 'password') {
    return (
      <div className={styles.form}>
        <ProviderButtons providers={providers} />
        <LoginForm role="customer" notice={notice} appReturn={appReturn} />
        <Button variant="secondary" block onClick={() => setMode({ name: 'email' })}>
          {t('emailCode')}
        </Button>
        {appReturn ? null : <GuestButton />}
      </div>
    );
  }
  return (
    <div className={styles.form}>
      {mode.name === 'email' ? (
        <EmailStep
          label={t('withCode')}
          submitLabel={t('emailCode')}
          send={requestCode}
          onSent={(email, message) => setMode({ name: 'code', email, message })}
        />
      ) : (
        <CodeSignInStep
          email={mode.email}
          kind="verifyLoginCode"
          sentMessage={mode.message}
          onResend={() => requestCode(mode.email)}
          appReturn={appReturn}
        />
      )}
      <p className={styles.small}>
        <Button variant="link" onClick={() => setMode({ name: 'password' })}>
          {t('passwordInstead')}
        </Button>
      </p>
    </div>
  );
}

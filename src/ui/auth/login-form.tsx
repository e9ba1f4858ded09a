'use client';
// The sign-in form of a role: clear messages for wrong credentials and rate limiting, a submit
// button disabled while pending, the access token kept in memory only, and, for an account with
// a second factor, the step after the password (or the enrolment the account type requires), with a
// way back to the password when that step has run out. Every role may sign in with a passkey instead:
// the browser offers the passkeys it holds for this site, the signed answer goes to a cookie procedure,
// and the page goes on as after a password (for staff a passkey satisfies a required second factor).
import { useTranslations } from 'next-intl';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { EmailField, PasswordField } from '../components/text-field';
import { AfterPasswordStep } from './after-password';
import { passkeyProblemOf, shownErrorOf } from '../trpc/client';
import styles from './form.module.css';
import { useAuthCalls } from './role-calls';
import { useAfterSignIn } from './app-return';
import { forgotPasswordPath, LOGIN_NOTICES, type LoginReason } from './role-text';

/** `appReturn`: the authorization server's interaction that sent the person here, to go on to once signed in. */
export function LoginForm({ role, notice, appReturn }: { role: Role; notice?: LoginReason; appReturn?: string }) {
  const t = useTranslations('auth');
  const common = useTranslations('common');
  const signedIn = useAfterSignIn(role, appReturn);
  const calls = useAuthCalls(role);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});

  const login = useMutation({
    mutationFn: calls.login,
    // An account with a second factor gets no session here: the second step follows.
    onSuccess: (secondStep) => (secondStep ? undefined : signedIn()),
    onError(error) {
      if (shownErrorOf(error).code === 'invalid_credentials') setPassword('');
    },
  });
  const passkey = useMutation({ mutationFn: calls.passkeySignIn, onMutate: () => login.reset(), onSuccess: signedIn });
  const error = login.error ? shownErrorOf(login.error) : null;
  const passkeyProblem = passkey.error ? passkeyProblemOf(passkey.error) : undefined;
  function startOver() {
    login.reset();
    setPassword('');
  }

  if (login.data)
    return <AfterPasswordStep role={role} answer={login.data} onSignedIn={signedIn} onStartOver={startOver} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const empty = {
      email: email.trim() ? undefined : common('field.enterEmail'),
      password: password ? undefined : common('field.enterPassword'),
    };
    setMissing(empty);
    passkey.reset();
    if (!empty.email && !empty.password) login.mutate({ email, password });
  }

  const notification =
    notice && !login.error ? { tone: LOGIN_NOTICES[notice].tone, text: t(`notice.${notice}`) } : null;
  return (
    <>
      <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label={t('signIn.form')}>
        <LiveAlert tone={notification?.tone ?? 'info'} message={notification?.text} />
        <LiveAlert tone="error" message={error?.message ?? passkeyProblem} />
        <EmailField value={email} onChange={setEmail} error={missing.email ?? error?.fieldErrors.email} />
        <PasswordField
          label={common('field.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={missing.password ?? error?.fieldErrors.password}
          labelAside={
            <Link className={styles.small} href={forgotPasswordPath(role)}>
              {t('signIn.forgot')}
            </Link>
          }
        />
        <Button type="submit" block pending={login.isPending || login.isSuccess} pendingLabel={t('signIn.pending')}>
          {t('signIn.submit')}
        </Button>
      </form>
      <div className={styles.form}>
        <p className={styles.divider}>{common('or')}</p>
        <Button
          variant="secondary"
          block
          onClick={() => passkey.mutate()}
          pending={passkey.isPending || passkey.isSuccess}
          pendingLabel={t('signIn.passkeyPending')}
        >
          {t('signIn.passkey')}
        </Button>
      </div>
    </>
  );
}

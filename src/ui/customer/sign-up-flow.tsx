'use client';
// Creating a customer account: name, e-mail and password, then the mailed code, which signs in.
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import styles from '../auth/form.module.css';
import { NewPasswordField, passwordProblem } from '../auth/password-rules';
import { loginPath } from '../auth/role-text';
import { TextField } from '../components/text-field';
import { withChallenge } from '../challenge/solve-challenge';
import { trpc } from '../trpc/client';
import { CodeSignInStep } from './code-sign-in-step';
import { EmailStep } from './email-step';
import { ProviderButtons, type Provider } from './provider-buttons';

export function SignUpFlow({ providers }: { providers: readonly Provider[] }) {
  const t = useTranslations('auth.signUp');
  const common = useTranslations('common.field');
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  return (
    <div className={styles.form}>
      {sent ? null : <ProviderButtons providers={providers} />}
      {sent ? (
        <CodeSignInStep
          email={sent.email}
          kind="verifyRegistration"
          sentMessage={sent.message}
          onResend={() =>
            withChallenge((challenge) =>
              utils.client.customer.resendRegistration.mutate({ email: sent.email, challenge }),
            )
          }
        />
      ) : (
        <EmailStep
          label={t('title')}
          submitLabel={t('submit')}
          otherProblems={() => ({
            name: name.trim() ? undefined : common('enterName'),
            password: passwordProblem(password) ?? undefined,
          })}
          send={(email) =>
            withChallenge((challenge) => utils.client.customer.register.mutate({ email, password, name, challenge }))
          }
          onSent={(email, message) => setSent({ email, message })}
        >
          {(fieldError, problems) => (
            <>
              <TextField
                label={common('name')}
                name="name"
                autoComplete="name"
                required
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={problems.name ?? fieldError('name')}
              />
              <NewPasswordField
                label={common('password')}
                value={password}
                onChange={setPassword}
                error={problems.password ?? fieldError('password')}
              />
            </>
          )}
        </EmailStep>
      )}
      <p className={styles.small}>
        {t.rich('haveAccount', { link: (text) => <Link href={loginPath('customer')}>{text}</Link> })}
      </p>
    </div>
  );
}

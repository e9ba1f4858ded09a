'use client';
// The step after a customer's code was mailed (sign-up or sign-in by code): the 6-digit code signs
// in; the refresh token goes into the httpOnly cookie, the access token into memory only.
import { useLocale, useTranslations } from 'next-intl';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styles from '../auth/form.module.css';
import { useAfterSignIn } from '../auth/app-return';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { CODE_LENGTH, CodeField } from '../components/code-field';
import { shownErrorOf, trpc } from '../trpc/client';
import { accessTokens } from '../trpc/session-client';

export interface CodeSignInStepProps {
  email: string;
  /** Which mailed code this is: the registration's or a sign-in code. */
  kind: 'verifyRegistration' | 'verifyLoginCode';
  sentMessage: string;
  /** Mails a new code; its answer is shown as the new sent message. */
  onResend(): Promise<{ message: string }>;
  /** The authorization server's interaction to go on to once signed in. */
  appReturn?: string;
}

export function CodeSignInStep({ email, kind, sentMessage, onResend, appReturn }: CodeSignInStepProps) {
  const t = useTranslations('auth.code');
  // The service's generic answer is English; another language says the same in its own words.
  const locale = useLocale();
  const common = useTranslations('common.code');
  const signedIn = useAfterSignIn('customer', appReturn);
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const verify = useMutation({
    async mutationFn(input: { email: string; code: string }) {
      const { access_token: accessToken, customer } = await utils.client.customer[kind].mutate(input);
      accessTokens.set('customer', accessToken);
      utils.customer.me.setData(undefined, { customer });
    },
    onSuccess: signedIn,
    onError: () => setCode(''),
  });
  const resend = useMutation({ mutationFn: onResend, onMutate: () => verify.reset() });
  const error = verify.error ?? resend.error;
  const shown = error ? shownErrorOf(error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIncomplete(code.length !== CODE_LENGTH);
    if (code.length === CODE_LENGTH) verify.mutate({ email, code });
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label={t('form')}>
      <LiveAlert tone="info" message={locale === 'en' ? (resend.data?.message ?? sentMessage) : t('sent')} />
      <LiveAlert tone="error" message={shown?.message} />
      <CodeField
        value={code}
        onChange={setCode}
        error={incomplete ? common('incomplete', { count: CODE_LENGTH }) : shown?.fieldErrors.code}
        autoFocus
      />
      <Button type="submit" block pending={verify.isPending || verify.isSuccess} pendingLabel={t('checking')}>
        {t('verify')}
      </Button>
      <p className={styles.small}>
        {t('noMail')}{' '}
        <Button variant="link" onClick={() => resend.mutate()} pending={resend.isPending} pendingLabel={t('resending')}>
          {t('resend')}
        </Button>
      </p>
    </form>
  );
}

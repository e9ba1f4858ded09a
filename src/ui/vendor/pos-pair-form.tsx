'use client';
// /vendor/pos/pair on the till: the pairing code an owner got for this terminal. The credential it
// earns stays in an httpOnly cookie; the page only learns which terminal it now is.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { PAIRING_CODE_LENGTH } from '@/contract/terminal-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { TextField } from '../components/text-field';
import { shownErrorOf, trpc } from '../trpc/client';

export function PosPairForm() {
  const t = useTranslations('vendor.pair');
  const router = useRouter();
  const client = trpc.useUtils().client;
  const [code, setCode] = useState('');
  const pair = useMutation({
    mutationFn: () => client.terminal.pair.mutate({ code }),
    onSuccess: () => router.replace('/vendor/pos'),
  });
  const error = pair.error ? shownErrorOf(pair.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim()) pair.mutate();
  }

  return (
    <form method="post" onSubmit={submit} noValidate aria-label={t('title')}>
      <LiveAlert tone="error" message={error?.code === 'invalid_code' ? t('invalidCode') : error?.message} />
      <LiveAlert tone="success" message={pair.data ? t('paired', { name: pair.data.terminal.name }) : null} />
      <TextField
        label={t('code')}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('codeHint', { length: PAIRING_CODE_LENGTH })}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error?.fieldErrors.code}
      />
      <Button type="submit" block pending={pair.isPending || pair.isSuccess} pendingLabel={t('pairing')}>
        {t('title')}
      </Button>
    </form>
  );
}

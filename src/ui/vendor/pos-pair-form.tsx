'use client';
// /vendor/pos/pair on the till: the pairing code an owner got for this terminal. The credential it
// earns stays in an httpOnly cookie; the page only learns which terminal it now is.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { PAIRING_CODE_LENGTH } from '@/contract/terminal-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { TextField } from '../components/text-field';
import { shownErrorOf, trpc } from '../trpc/client';

export function PosPairForm() {
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
    <form method="post" onSubmit={submit} noValidate aria-label="Pair this device">
      <LiveAlert
        tone="error"
        message={
          error?.code === 'invalid_code' ? 'That code is wrong, used or expired. Ask for a new one.' : error?.message
        }
      />
      <LiveAlert tone="success" message={pair.data ? `This device is now ${pair.data.terminal.name}.` : null} />
      <TextField
        label="Pairing code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={`${PAIRING_CODE_LENGTH} characters, shown to the owner for this terminal.`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error?.fieldErrors.code}
      />
      <Button type="submit" block pending={pair.isPending || pair.isSuccess} pendingLabel="Pairing…">
        Pair this device
      </Button>
    </form>
  );
}

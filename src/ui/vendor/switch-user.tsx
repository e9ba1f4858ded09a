'use client';
// "Switch user" on a paired till: the staff of the terminal's store, then a PIN keypad. A PIN
// sign-in's access token stays in memory and its refresh token in the vendor cookie, as any sign-in.
import { useTranslations } from 'next-intl';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { terminalStaffResponse } from '@/contract/terminal-schemas';
import { LiveAlert } from '../components/alert';
import listStyles from '../components/list.module.css';
import { Button } from '../components/button';
import { Panel } from '../components/panel';
import { shownErrorOf, trpc } from '../trpc/client';
import { accessTokens } from '../trpc/session-client';
import { PinKeypad } from './pin-keypad';

type Staff = z.infer<typeof terminalStaffResponse>;

export function SwitchUser({ staff, onSignedIn }: { staff: Staff; onSignedIn: () => void }) {
  const client = trpc.useUtils().client;
  const t = useTranslations('pin');
  const [chosen, setChosen] = useState<Staff['staff'][number] | null>(null);
  const login = useMutation({
    mutationFn: (input: { account_id: string; pin: string }) => client.terminal.pinLogin.mutate(input),
    onSuccess(session) {
      accessTokens.set('vendor', session.access_token);
      onSignedIn();
    },
  });
  const error = login.error ? shownErrorOf(login.error) : null;

  return (
    <Panel title={t('switchAt', { terminal: staff.terminal.name })}>
      <LiveAlert tone="error" message={error?.code === 'invalid_credentials' ? t('wrong') : error?.message} />
      {staff.staff.length === 0 ? <p>{t('nobody')}</p> : null}
      {chosen ? (
        <>
          <PinKeypad
            who={chosen.name}
            pending={login.isPending}
            onSubmit={(pin) => login.mutate({ account_id: chosen.account_id, pin })}
          />
          <Button variant="link" onClick={() => setChosen(null)}>
            {t('someoneElse')}
          </Button>
        </>
      ) : (
        <ul className={listStyles.list} aria-label={t('staff')}>
          {staff.staff.map((person) => (
            <li key={person.account_id}>
              <Button variant="secondary" onClick={() => setChosen(person)}>
                {person.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

'use client';
// /vendor/pos decides what this browser sees: on a till paired with a terminal, the "Switch user"
// screen until someone signs in, and a "Lock" back to it; anywhere else the usual POS page, which
// sends a browser without a session to the password sign-in. The pairing itself is an httpOnly
// cookie: the page only asks the server for the terminal's staff list, which fails when unpaired.
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { AuthLayout } from '../components/auth-layout';
import { Loading } from '../components/page-state';
import { trpc } from '../trpc/client';
import { accessTokens, refreshAccessToken, signOut } from '../trpc/session-client';
import { PosHome } from './pos-home';
import { SwitchUser } from './switch-user';

type TillState = 'checking' | 'switch' | 'signed_in';

export function PosEntry({ module }: { module?: string }) {
  const t = useTranslations('vendor.entry');
  const queryClient = useQueryClient();
  const staff = trpc.terminal.staff.useQuery(undefined, { retry: false });
  const [state, setState] = useState<TillState>('checking');

  // A paired till with a live session (a reload) goes on with it; without one, the staff list.
  useEffect(() => {
    if (!staff.isSuccess || state !== 'checking') return;
    if (accessTokens.get('vendor')) return setState('signed_in');
    refreshAccessToken('vendor').then(
      () => setState('signed_in'),
      () => setState('switch'),
    );
  }, [staff.isSuccess, state]);

  async function lock() {
    await queryClient.cancelQueries();
    await signOut('vendor').catch(() => undefined);
    queryClient.removeQueries({ queryKey: [['vendor']] });
    setState('switch');
    void staff.refetch();
  }

  if (staff.isPending) return <Loading what={t('thisDevice')} />;
  if (staff.isError) return <PosHome module={module} />;
  if (state === 'switch') {
    return (
      <AuthLayout role="vendor" title={t('switchUser')} lead={t('switchLead', { terminal: staff.data.terminal.name })}>
        <SwitchUser staff={staff.data} onSignedIn={() => setState('signed_in')} />
        <p>
          <Link href="/vendor/login">{t('passwordSignIn')}</Link>
        </p>
      </AuthLayout>
    );
  }
  if (state === 'checking') return <Loading what={t('thisTill')} />;
  return <PosHome module={module} till={staff.data.terminal} staff={staff.data.staff} onLock={() => void lock()} />;
}

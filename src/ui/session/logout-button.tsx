'use client';
// The logout control of every signed-in page: revokes the session on the server, clears the
// cookie and the in-memory token, forgets cached data, and returns to the login page.
import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { loginPath } from '../auth/role-text';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { signOut } from '../trpc/session-client';

export function LogoutButton({ role }: { role: Role }) {
  const t = useTranslations('common.signOut');
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function logout() {
    setPending(true);
    setFailed(false);
    // Queries still in flight would otherwise refresh the session this click is ending.
    await queryClient.cancelQueries();
    try {
      await signOut(role);
      queryClient.clear();
      router.replace(loginPath(role, 'signed_out'));
    } catch {
      // Staying signed in on the server while the page says otherwise would be worse than this.
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <>
      <LiveAlert tone="error" message={failed ? t('failed') : null} />
      <Button variant="secondary" onClick={() => void logout()} pending={pending} pendingLabel={t('pending')}>
        {t('label')}
      </Button>
    </>
  );
}

'use client';
// "Continue as guest" on the customer's sign-in page: a guest session (its refresh token in its own
// httpOnly cookie, the access token in memory), then /account, which offers to sign up or in.
// Signing up or in later from this browser links the guest to the account.
import { useTranslations } from 'next-intl';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { shownErrorOf, trpc } from '../trpc/client';
import { accessTokens } from '../trpc/session-client';

export function GuestButton() {
  const t = useTranslations('auth.guest');
  const router = useRouter();
  const utils = trpc.useUtils();
  const start = useMutation({
    async mutationFn() {
      const { access_token: accessToken } = await utils.client.customer.startGuest.mutate();
      accessTokens.set('customer', accessToken);
      await utils.customer.me.invalidate();
    },
    onSuccess: () => router.push('/account'),
  });
  return (
    <>
      {/* Only when it failed: the sign-in form above has the page's alert region. */}
      {start.error ? <LiveAlert tone="error" message={shownErrorOf(start.error).message} /> : null}
      <Button
        variant="secondary"
        block
        pending={start.isPending || start.isSuccess}
        pendingLabel={t('starting')}
        onClick={() => start.mutate()}
      >
        {t('continue')}
      </Button>
    </>
  );
}

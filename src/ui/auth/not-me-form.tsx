'use client';
// "This wasn't me": one button that ends the sign-in of the mail and starts a password reset, then
// says so and leads to the reset page.
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import type { FormEvent } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { shownErrorOf, trpc } from '../trpc/client';
import styles from './form.module.css';
import { forgotPasswordPath } from './role-text';

const REFUSED: Record<string, string> = {
  invalid_link:
    'This link was already used or has expired. If you still think someone else signed in, reset your password.',
};

export function NotMeForm({ role, token }: { role: Role; token: string }) {
  const { client } = trpc.useUtils();
  const disown = useMutation({
    mutationFn: () =>
      role === 'admin'
        ? client.admin.notMe.mutate({ token })
        : role === 'vendor'
          ? client.vendor.notMe.mutate({ token })
          : client.customer.notMe.mutate({ token }),
  });
  const error = disown.error ? shownErrorOf(disown.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    disown.mutate();
  }

  const refused = error ? REFUSED[error.code] : undefined;
  const reset = (
    <p>
      <Link href={forgotPasswordPath(role)}>Reset your password{disown.data ? ' with the code' : ''}</Link>
    </p>
  );
  return (
    <div className={styles.form}>
      <LiveAlert tone="success" message={disown.data?.message} />
      {disown.data ? (
        reset
      ) : (
        <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label="End the sign-in">
          <LiveAlert tone="error" message={refused ?? error?.message} />
          {refused ? reset : null}
          <Button type="submit" block pending={disown.isPending} pendingLabel="Ending that sign-in…">
            End that sign-in
          </Button>
        </form>
      )}
    </div>
  );
}

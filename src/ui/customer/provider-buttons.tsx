'use client';
// "Continue with <provider>" on the customer's sign-in and sign-up pages: one button per configured
// OpenID provider, given by the page's server component, so the buttons are in the served HTML and
// nothing moves once the script runs. The browser goes to the provider and back to /account signed in.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { providerList } from '@/contract/identity-schemas';
import styles from '../auth/form.module.css';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { shownErrorOf, trpc } from '../trpc/client';

export type Provider = z.infer<typeof providerList>['providers'][number];

export function ProviderButtons({ providers }: { providers: readonly Provider[] }) {
  const utils = trpc.useUtils();
  const start = useMutation({
    mutationFn: (provider: string) => utils.client.customer.oidcStart.mutate({ provider }),
    onSuccess: ({ authorization_url: url }) => window.location.assign(url),
  });
  if (providers.length === 0) return null;
  return (
    <div className={styles.form} role="group" aria-label="Continue with a provider">
      <LiveAlert tone="error" message={start.error ? shownErrorOf(start.error).message : null} />
      {providers.map((provider) => (
        <Button
          key={provider.name}
          variant="secondary"
          block
          onClick={() => start.mutate(provider.name)}
          pending={start.variables === provider.name && (start.isPending || start.isSuccess)}
          disabled={start.isPending || start.isSuccess}
          pendingLabel={`Opening ${provider.display_name}…`}
        >
          {`Continue with ${provider.display_name}`}
        </Button>
      ))}
      <p className={styles.small}>or</p>
    </div>
  );
}

'use client';
// "Continue with <provider>" on the customer's sign-in and sign-up pages: one button per configured
// OpenID provider. The browser goes to the provider and comes back to /account signed in.
import { useMutation } from '@tanstack/react-query';
import styles from '../auth/form.module.css';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { shownErrorOf, trpc } from '../trpc/client';

export function ProviderButtons() {
  const utils = trpc.useUtils();
  const providers = trpc.customer.listProviders.useQuery();
  const start = useMutation({
    mutationFn: (provider: string) => utils.client.customer.oidcStart.mutate({ provider }),
    onSuccess: ({ authorization_url: url }) => window.location.assign(url),
  });
  const listed = providers.data?.providers ?? [];
  if (listed.length === 0) return null;
  return (
    <div className={styles.form} role="group" aria-label="Continue with a provider">
      <LiveAlert tone="error" message={start.error ? shownErrorOf(start.error).message : null} />
      {listed.map((provider) => (
        <Button
          key={provider.name}
          variant="secondary"
          block
          onClick={() => start.mutate(provider.name)}
          pending={start.variables === provider.name && (start.isPending || start.isSuccess)}
          disabled={start.isPending || start.isSuccess}
          pendingLabel={`Opening ${provider.display_name}…`}
        >
          Continue with {provider.display_name}
        </Button>
      ))}
      <p className={styles.small}>or</p>
    </div>
  );
}

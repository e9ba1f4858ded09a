'use client';
// The providers linked to the customer's account on /account: each with the e-mail it gave and a
// control to unlink it (with the password, or a mailed sign-in code), and a button per provider to
// link another. The last way to sign in cannot be unlinked; the server says so.
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { ActionForm } from '../components/action-form';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { CodeField } from '../components/code-field';
import listStyles from '../components/list.module.css';
import { LoadFailed, Loading } from '../components/page-state';
import { Panel, panelStyles } from '../components/panel';
import { PasswordField } from '../components/text-field';
import { when } from '../session/sessions-list';
import { shownErrorOf, trpc } from '../trpc/client';

type Proof = { password: string } | { code: string };

export function IdentitiesPanel({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const list = trpc.customer.listIdentities.useQuery();
  const providers = trpc.customer.listProviders.useQuery();
  const linkedNow = useSearchParams().get('linked');
  const [unlinking, setUnlinking] = useState<string | null>(null);
  const [secret, setSecret] = useState('');
  const [byCode, setByCode] = useState(false);
  const link = useMutation({
    mutationFn: (provider: string) => utils.client.customer.identityLinkStart.mutate({ provider }),
    onSuccess: ({ authorization_url: url }) => window.location.assign(url),
  });
  const unlink = useMutation({
    mutationFn: (input: { identityId: string } & Proof) => utils.client.customer.unlinkIdentity.mutate(input),
    onSuccess: async () => {
      setUnlinking(null);
      await utils.customer.listIdentities.invalidate();
    },
  });
  /** Asks for the proof anew for each identity: the password first, a code on request. */
  const askToUnlink = (identityId: string) => {
    setUnlinking(identityId);
    setSecret('');
    setByCode(false);
    unlink.reset();
  };
  const mailCode = useMutation({
    mutationFn: () => utils.client.customer.requestLoginCode.mutate({ email }),
    onSuccess: () => setByCode(true),
  });
  const nameOf = (provider: string) =>
    providers.data?.providers.find((p) => p.name === provider)?.display_name ?? provider;
  const shown = unlink.error ? shownErrorOf(unlink.error) : null;

  if (!providers.data?.providers.length && !list.data?.items.length) return null;
  return (
    <Panel title="Sign-in providers">
      <p className={panelStyles.muted}>Providers you can continue with instead of your password.</p>
      {list.isPending ? <Loading what="your linked providers" /> : null}
      {list.isError ? (
        <LoadFailed message={shownErrorOf(list.error).message} onRetry={() => void list.refetch()} />
      ) : null}
      <LiveAlert tone="success" message={linkedNow ? `${nameOf(linkedNow)} is linked to your account.` : null} />
      <LiveAlert tone="success" message={unlink.isSuccess ? 'The provider is unlinked.' : null} />
      {list.data && list.data.items.length > 0 ? (
        <ul className={listStyles.list} aria-label="Your linked providers">
          {list.data.items.map((identity) => (
            <li key={identity.id} className={`${listStyles.item} ${listStyles.row}`}>
              <div>
                <p className={listStyles.title}>{nameOf(identity.provider)}</p>
                <p className={listStyles.meta}>
                  {identity.email} · linked {when(identity.linked_at)}
                </p>
              </div>
              <Button variant="secondary" onClick={() => askToUnlink(identity.id)} disabled={unlinking === identity.id}>
                Unlink
                <span className="visually-hidden">
                  {' '}
                  {nameOf(identity.provider)} {identity.email}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      ) : list.data ? (
        <p>No provider linked yet.</p>
      ) : null}
      {unlinking ? (
        <ActionForm
          label="Confirm unlinking"
          submitLabel="Unlink"
          pendingLabel="Unlinking…"
          pending={unlink.isPending}
          error={shown?.message ?? null}
          onSubmit={() =>
            secret && unlink.mutate({ identityId: unlinking, ...(byCode ? { code: secret } : { password: secret }) })
          }
        >
          {byCode ? (
            <CodeField value={secret} onChange={setSecret} error={shown?.fieldErrors.code} />
          ) : (
            <PasswordField
              label="Password to confirm"
              name="unlink-password"
              autoComplete="current-password"
              value={secret}
              onChange={setSecret}
              error={shown?.fieldErrors.password}
            />
          )}
          {byCode ? null : (
            <Button
              variant="link"
              onClick={() => mailCode.mutate()}
              pending={mailCode.isPending}
              pendingLabel="Sending…"
            >
              No password? E-mail me a code
            </Button>
          )}
          <Button variant="secondary" onClick={() => setUnlinking(null)}>
            Keep it linked
          </Button>
        </ActionForm>
      ) : null}
      <LiveAlert tone="error" message={link.error ? shownErrorOf(link.error).message : null} />
      <div>
        {(providers.data?.providers ?? []).map((provider) => (
          <Button
            key={provider.name}
            variant="secondary"
            onClick={() => link.mutate(provider.name)}
            pending={link.variables === provider.name && (link.isPending || link.isSuccess)}
            pendingLabel="Opening…"
          >
            Link {provider.display_name}
          </Button>
        ))}
      </div>
    </Panel>
  );
}

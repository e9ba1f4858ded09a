'use client';
// "Staff PINs" on the POS page, for owners and those who manage staff (staff / write): clearing a
// colleague's PIN stops them switching in at the tills until they set a new one, and lifts a PIN
// lock. PINs stay personal: each holder sets their own, so nobody is offered to set another's.
import { useMutation } from '@tanstack/react-query';
import type { VendorAccount } from '@/contract/administration-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import listStyles from '../components/list.module.css';
import { nextCursorOf, PAGE_SIZE, PagedList } from '../components/paged-list';
import { Panel, panelStyles } from '../components/panel';
import { shownErrorOf, trpc } from '../trpc/client';

export function StaffPinsPanel({ selfId }: { selfId: string }) {
  const client = trpc.useUtils().client;
  const query = trpc.vendor.listVendorAccounts.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  const clear = useMutation({
    mutationFn: (account: VendorAccount) => client.vendor.clearStaffPin.mutate({ accountId: account.id }),
  });
  return (
    <Panel title="Staff PINs">
      <p className={panelStyles.muted}>
        Each person sets their own PIN on this page, with their password. Clearing someone&apos;s PIN stops them
        switching in at the tills until they set a new one, and lifts a PIN lock.
      </p>
      <LiveAlert tone="error" message={clear.error ? shownErrorOf(clear.error).message : null} />
      <LiveAlert tone="success" message={clear.isSuccess ? `${clear.variables.name} has no PIN now.` : null} />
      <PagedList
        query={query}
        label="Staff PINs"
        noun="accounts"
        one="account"
        empty="No other staff yet."
        shows={(account) => account.id !== selfId && account.vendor_type !== 'owner'}
      >
        {(account) => (
          <li className={`${listStyles.item} ${listStyles.row}`}>
            <span>{account.name}</span>
            <Button
              variant="secondary"
              onClick={() => clear.mutate(account)}
              pending={clear.isPending && clear.variables.id === account.id}
              disabled={clear.isPending}
              pendingLabel="Clearing…"
            >
              Clear PIN<span className="visually-hidden"> of {account.name}</span>
            </Button>
          </li>
        )}
      </PagedList>
    </Panel>
  );
}

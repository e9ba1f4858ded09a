'use client';
// "Staff PINs" on the POS page, for owners and those who manage staff (staff / write): clearing a
// colleague's PIN stops them switching in at the tills until they set a new one, and lifts a PIN
// lock. PINs stay personal: each holder sets their own, so nobody is offered to set another's.
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { VendorAccount } from '@/contract/administration-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import listStyles from '../components/list.module.css';
import { nextCursorOf, PAGE_SIZE, PagedList } from '../components/paged-list';
import { Panel, panelStyles } from '../components/panel';
import { shownErrorOf, trpc } from '../trpc/client';

export function StaffPinsPanel({ selfId }: { selfId: string }) {
  const t = useTranslations('vendor.staffPins');
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const client = trpc.useUtils().client;
  const query = trpc.vendor.listVendorAccounts.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  const clear = useMutation({
    mutationFn: (account: VendorAccount) => client.vendor.clearStaffPin.mutate({ accountId: account.id }),
  });
  return (
    <Panel title={t('title')}>
      <p className={panelStyles.muted}>{t('text')}</p>
      <LiveAlert tone="error" message={clear.error ? shownErrorOf(clear.error).message : null} />
      <LiveAlert tone="success" message={clear.isSuccess ? t('cleared', { name: clear.variables.name }) : null} />
      <PagedList
        query={query}
        label={t('title')}
        noun={t('noun')}
        one={t('one')}
        empty={t('empty')}
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
              pendingLabel={t('clearing')}
            >
              {t.rich('clear', { name: account.name, hidden })}
            </Button>
          </li>
        )}
      </PagedList>
    </Panel>
  );
}

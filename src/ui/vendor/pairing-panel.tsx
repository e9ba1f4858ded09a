'use client';
// The owner's side of pairing, on the POS page: a one-time code for the chosen terminal, to type on
// the till at /vendor/pos/pair; and unpairing it, offered only while a device is paired with it
// (the store listing says which are), which signs out everyone who switched in there.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { VendorContext } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { ChoiceGroup } from '../components/choice-group';
import { Panel } from '../components/panel';
import { shownErrorOf, trpc } from '../trpc/client';

/** The store listing's largest page: every terminal of all but the largest businesses in one call. */
const STORES_AT_ONCE = 100;

export function PairingPanel({ context, thisTill }: { context: VendorContext; thisTill?: string }) {
  const t = useTranslations('vendor.pairing');
  const utils = trpc.useUtils();
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const terminal = context.pos_terminals.find((till) => till.id === terminalId);
  const stores = trpc.vendor.listStores.useQuery({ limit: STORES_AT_ONCE });
  const paired = new Set(
    (stores.data?.items ?? []).flatMap((s) => s.pos_terminals.filter((till) => till.paired).map((till) => till.id)),
  );
  const code = trpc.vendor.createPairingCode.useMutation();
  const unpair = trpc.vendor.revokePairing.useMutation({ onSuccess: () => void utils.vendor.listStores.invalidate() });
  const failed = code.error ?? unpair.error;
  const unpaired = context.pos_terminals.find((till) => till.id === unpair.variables?.terminalId);
  const storeName = (id: string) => context.stores.find((s) => s.id === id)?.name ?? '';
  const describe = (till: { id: string; store_id: string }) =>
    till.id === thisTill
      ? t('thisDevice', { store: storeName(till.store_id) })
      : paired.has(till.id)
        ? t('paired', { store: storeName(till.store_id) })
        : storeName(till.store_id);
  return (
    <Panel title={t('title')}>
      <ChoiceGroup
        legend={t('legend')}
        name="pair-terminal"
        choices={context.pos_terminals.map((till) => ({
          value: till.id,
          label: till.name,
          description: describe(till),
        }))}
        value={terminalId}
        onChange={setTerminalId}
      />
      {terminal ? (
        <>
          <p>
            {t.rich('codeFor', {
              name: terminal.name,
              strong: (chunks) => <strong>{chunks}</strong>,
              link: (chunks) => <Link href="/vendor/pos/pair">{chunks}</Link>,
            })}
            {paired.has(terminal.id) ? ` ${t('replaces')}` : null}
          </p>
          <LiveAlert tone="error" message={failed ? shownErrorOf(failed).message : null} />
          {code.data && code.variables?.terminalId === terminal.id ? (
            <p role="status">
              {t.rich('code', {
                minutes: Math.round(code.data.expires_in / 60),
                code: () => <strong data-testid="pairing-code">{code.data.code}</strong>,
              })}
            </p>
          ) : null}
          <LiveAlert
            tone="success"
            message={unpair.isSuccess && unpaired ? t('unpaired', { name: unpaired.name }) : null}
          />
          <Button
            onClick={() => code.mutate({ storeId: terminal.store_id, terminalId: terminal.id })}
            pending={code.isPending}
            pendingLabel={t('getting')}
          >
            {t('get')}
          </Button>
          {paired.has(terminal.id) ? (
            <Button
              variant="secondary"
              onClick={() => unpair.mutate({ terminalId: terminal.id })}
              pending={unpair.isPending}
              pendingLabel={t('unpairing')}
            >
              {t('unpair', { name: terminal.name })}
            </Button>
          ) : null}
        </>
      ) : null}
    </Panel>
  );
}

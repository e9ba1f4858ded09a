'use client';
// "This device" on the POS page, true to this browser: a paired till says which terminal it is; any
// other browser says it is not paired, and offers the store and terminal the account works at here.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { VendorContext } from '@/contract/auth-schemas';
import type { PairedTerminal } from '@/contract/terminal-schemas';
import { LiveAlert } from '../components/alert';
import { ChoiceGroup } from '../components/choice-group';
import { Panel, panelStyles } from '../components/panel';
import { usePosSelection } from './pos-selection';

/** `till`: the terminal this browser is paired with, if it is. */
export function PosPicker({ context, till }: { context: VendorContext; till?: PairedTerminal }) {
  const t = useTranslations('vendor.picker');
  if (till) {
    const storeName = context.stores.find((s) => s.id === till.store_id)?.name;
    const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
    return (
      <Panel title={t('title')}>
        <p>
          {storeName
            ? t.rich('pairedAt', { name: till.name, store: storeName, strong })
            : t.rich('paired', { name: till.name, strong })}
        </p>
      </Panel>
    );
  }
  return <WorkplacePicker context={context} />;
}

function WorkplacePicker({ context }: { context: VendorContext }) {
  const t = useTranslations('vendor.picker');
  const { storeId, terminalId, saved, chooseStore, chooseTerminal } = usePosSelection(context);
  const terminals = context.pos_terminals.filter((till) => till.store_id === storeId);
  const store = context.stores.find((s) => s.id === storeId);
  const terminal = terminals.find((till) => till.id === terminalId);

  return (
    <Panel title={t('title')}>
      <p className={panelStyles.muted}>{t('notPaired')}</p>
      {context.stores.length === 0 ? (
        <p>{t('noStore', { business: context.vendor.name })}</p>
      ) : (
        <ChoiceGroup
          legend={t('store')}
          name="store"
          hint={context.user.vendor_type === 'owner' ? t('everyStore') : t('assignedStores')}
          choices={context.stores.map((s) => ({
            value: s.id,
            label: s.name,
            description: t('terminals', {
              count: context.pos_terminals.filter((till) => till.store_id === s.id).length,
            }),
          }))}
          value={storeId}
          onChange={chooseStore}
        />
      )}
      {store && terminals.length === 0 ? (
        <p className={panelStyles.muted}>{t('noTerminals', { store: store.name })}</p>
      ) : null}
      {store && terminals.length > 0 ? (
        <ChoiceGroup
          legend={t('terminal')}
          name="terminal"
          choices={terminals.map((till) => ({ value: till.id, label: till.name }))}
          value={terminalId}
          onChange={chooseTerminal}
        />
      ) : null}
      <LiveAlert
        tone="success"
        message={
          store && terminal
            ? `${t('workAt', { store: store.name, terminal: terminal.name })}${saved ? ` ${t('remembered')}` : ''}`
            : null
        }
      />
    </Panel>
  );
}

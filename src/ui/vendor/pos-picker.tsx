'use client';
// Choosing the store and terminal this device works at, from the stores the account may work in.
import type { VendorContext } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { ChoiceGroup } from '../components/choice-group';
import { Panel, panelStyles } from '../components/panel';
import { usePosSelection } from './pos-selection';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function PosPicker({ context }: { context: VendorContext }) {
  const { storeId, terminalId, saved, chooseStore, chooseTerminal } = usePosSelection(context);
  const terminals = context.pos_terminals.filter((t) => t.store_id === storeId);
  const store = context.stores.find((s) => s.id === storeId);
  const terminal = terminals.find((t) => t.id === terminalId);

  return (
    <Panel title="This device">
      {context.stores.length === 0 ? (
        <p>No store is assigned to your account yet. Ask the owner of {context.vendor.name} to assign one.</p>
      ) : (
        <ChoiceGroup
          legend="Store"
          name="store"
          hint={context.user.vendor_type === 'owner' ? 'Every store of the business.' : 'The stores you are assigned to.'}
          choices={context.stores.map((s) => ({
            value: s.id,
            label: s.name,
            description: count(context.pos_terminals.filter((t) => t.store_id === s.id).length, 'terminal'),
          }))}
          value={storeId}
          onChange={chooseStore}
        />
      )}
      {store && terminals.length === 0 ? <p className={panelStyles.muted}>{store.name} has no POS terminals yet.</p> : null}
      {store && terminals.length > 0 ? (
        <ChoiceGroup legend="Terminal" name="terminal" choices={terminals.map((t) => ({ value: t.id, label: t.name }))} value={terminalId} onChange={chooseTerminal} />
      ) : null}
      <LiveAlert
        tone="success"
        message={store && terminal ? `This device works at ${store.name}, ${terminal.name}.${saved ? ' Remembered on this device.' : ''}` : null}
      />
    </Panel>
  );
}

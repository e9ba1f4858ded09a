'use client';
// "This device" on the POS page, true to this browser: a paired till says which terminal it is; any
// other browser says it is not paired, and offers the store and terminal the account works at here.
import type { VendorContext } from '@/contract/auth-schemas';
import type { PairedTerminal } from '@/contract/terminal-schemas';
import { LiveAlert } from '../components/alert';
import { ChoiceGroup } from '../components/choice-group';
import { Panel, panelStyles } from '../components/panel';
import { usePosSelection } from './pos-selection';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `till`: the terminal this browser is paired with, if it is. */
export function PosPicker({ context, till }: { context: VendorContext; till?: PairedTerminal }) {
  if (till) {
    const storeName = context.stores.find((s) => s.id === till.store_id)?.name;
    return (
      <Panel title="This device">
        <p>
          This device is the paired till <strong>{till.name}</strong>
          {storeName ? ` at ${storeName}` : ''}. Staff switch in here with their PIN.
        </p>
      </Panel>
    );
  }
  return <WorkplacePicker context={context} />;
}

function WorkplacePicker({ context }: { context: VendorContext }) {
  const { storeId, terminalId, saved, chooseStore, chooseTerminal } = usePosSelection(context);
  const terminals = context.pos_terminals.filter((t) => t.store_id === storeId);
  const store = context.stores.find((s) => s.id === storeId);
  const terminal = terminals.find((t) => t.id === terminalId);

  return (
    <Panel title="This device">
      <p className={panelStyles.muted}>This browser is not paired with a till: nobody switches in here with a PIN.</p>
      {context.stores.length === 0 ? (
        <p>No store is assigned to your account yet. Ask the owner of {context.vendor.name} to assign one.</p>
      ) : (
        <ChoiceGroup
          legend="Store"
          name="store"
          hint={
            context.user.vendor_type === 'owner' ? 'Every store of the business.' : 'The stores you are assigned to.'
          }
          choices={context.stores.map((s) => ({
            value: s.id,
            label: s.name,
            description: count(context.pos_terminals.filter((t) => t.store_id === s.id).length, 'terminal'),
          }))}
          value={storeId}
          onChange={chooseStore}
        />
      )}
      {store && terminals.length === 0 ? (
        <p className={panelStyles.muted}>{store.name} has no POS terminals yet.</p>
      ) : null}
      {store && terminals.length > 0 ? (
        <ChoiceGroup
          legend="Terminal"
          name="terminal"
          choices={terminals.map((t) => ({ value: t.id, label: t.name }))}
          value={terminalId}
          onChange={chooseTerminal}
        />
      ) : null}
      <LiveAlert
        tone="success"
        message={
          store && terminal
            ? `You work at ${store.name}, ${terminal.name} in this browser.${saved ? ' Remembered here.' : ''}`
            : null
        }
      />
    </Panel>
  );
}

'use client';
// The owner's side of pairing, on the POS page: a one-time code for the chosen terminal, to type on
// the till at /vendor/pos/pair; and unpairing it, which signs out everyone who switched in there.
import Link from 'next/link';
import { useState } from 'react';
import type { VendorContext } from '@/contract/auth-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { ChoiceGroup } from '../components/choice-group';
import { Panel } from '../components/panel';
import { shownErrorOf, trpc } from '../trpc/client';

export function PairingPanel({ context }: { context: VendorContext }) {
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const terminal = context.pos_terminals.find((t) => t.id === terminalId);
  const code = trpc.vendor.createPairingCode.useMutation();
  const unpair = trpc.vendor.revokePairing.useMutation();
  const failed = code.error ?? unpair.error;
  const storeName = (id: string) => context.stores.find((s) => s.id === id)?.name ?? '';
  return (
    <Panel title="Pair a till">
      <ChoiceGroup
        legend="Till to pair"
        name="pair-terminal"
        choices={context.pos_terminals.map((t) => ({ value: t.id, label: t.name, description: storeName(t.store_id) }))}
        value={terminalId}
        onChange={setTerminalId}
      />
      {terminal ? (
        <>
      <p>
        A code for <strong>{terminal.name}</strong>: type it on the till at <Link href="/vendor/pos/pair">Pair this device</Link>.
      </p>
      <LiveAlert tone="error" message={failed ? shownErrorOf(failed).message : null} />
      {code.data && code.variables?.terminalId === terminal.id ? (
        <p role="status">
          Pairing code: <strong data-testid="pairing-code">{code.data.code}</strong> (valid {Math.round(code.data.expires_in / 60)} minutes, once)
        </p>
      ) : null}
      <LiveAlert tone="success" message={unpair.isSuccess ? `${terminal.name} is unpaired; everyone who switched in there is signed out.` : null} />
      <Button onClick={() => code.mutate({ storeId: terminal.store_id, terminalId: terminal.id })} pending={code.isPending} pendingLabel="Getting a code…">
        Get a pairing code
      </Button>
      <Button variant="secondary" onClick={() => unpair.mutate({ terminalId: terminal.id })} pending={unpair.isPending} pendingLabel="Unpairing…">
        Unpair {terminal.name}
      </Button>
        </>
      ) : null}
    </Panel>
  );
}

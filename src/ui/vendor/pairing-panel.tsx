'use client';
// The owner's side of pairing, on the POS page: a one-time code for the chosen terminal, to type on
// the till at /vendor/pos/pair; and unpairing it, offered only while a device is paired with it
// (the store listing says which are), which signs out everyone who switched in there.
import Link from 'next/link';
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
  const utils = trpc.useUtils();
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const terminal = context.pos_terminals.find((t) => t.id === terminalId);
  const stores = trpc.vendor.listStores.useQuery({ limit: STORES_AT_ONCE });
  const paired = new Set(
    (stores.data?.items ?? []).flatMap((s) => s.pos_terminals.filter((t) => t.paired).map((t) => t.id)),
  );
  const code = trpc.vendor.createPairingCode.useMutation();
  const unpair = trpc.vendor.revokePairing.useMutation({ onSuccess: () => void utils.vendor.listStores.invalidate() });
  const failed = code.error ?? unpair.error;
  const unpaired = context.pos_terminals.find((t) => t.id === unpair.variables?.terminalId);
  const storeName = (id: string) => context.stores.find((s) => s.id === id)?.name ?? '';
  const describe = (t: { id: string; store_id: string }) =>
    `${storeName(t.store_id)}${t.id === thisTill ? ' · this device' : paired.has(t.id) ? ' · paired' : ''}`;
  return (
    <Panel title="Pair a till">
      <ChoiceGroup
        legend="Till to pair"
        name="pair-terminal"
        choices={context.pos_terminals.map((t) => ({ value: t.id, label: t.name, description: describe(t) }))}
        value={terminalId}
        onChange={setTerminalId}
      />
      {terminal ? (
        <>
          <p>
            A code for <strong>{terminal.name}</strong>: type it on the till at{' '}
            <Link href="/vendor/pos/pair">Pair this device</Link>.
            {paired.has(terminal.id) ? ' Pairing another device unpairs the one paired now.' : null}
          </p>
          <LiveAlert tone="error" message={failed ? shownErrorOf(failed).message : null} />
          {code.data && code.variables?.terminalId === terminal.id ? (
            <p role="status">
              Pairing code: <strong data-testid="pairing-code">{code.data.code}</strong> (valid{' '}
              {Math.round(code.data.expires_in / 60)} minutes, once)
            </p>
          ) : null}
          <LiveAlert
            tone="success"
            message={
              unpair.isSuccess && unpaired
                ? `${unpaired.name} is unpaired; everyone who switched in there is signed out.`
                : null
            }
          />
          <Button
            onClick={() => code.mutate({ storeId: terminal.store_id, terminalId: terminal.id })}
            pending={code.isPending}
            pendingLabel="Getting a code…"
          >
            Get a pairing code
          </Button>
          {paired.has(terminal.id) ? (
            <Button
              variant="secondary"
              onClick={() => unpair.mutate({ terminalId: terminal.id })}
              pending={unpair.isPending}
              pendingLabel="Unpairing…"
            >
              Unpair {terminal.name}
            </Button>
          ) : null}
        </>
      ) : null}
    </Panel>
  );
}

// The store and terminal this device works at, remembered in the device's storage per account.
// Only ids live there: no token, no personal data.
import { useEffect, useState } from 'react';
import type { VendorContext } from '@/contract/auth-schemas';

export interface PosSelection {
  storeId: string | null;
  terminalId: string | null;
}

const keyOf = (context: VendorContext) => `commerce-auth.pos-device.${context.vendor.id}.${context.user.id}`;

function read(context: VendorContext): PosSelection {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf(context)) ?? 'null') as Partial<PosSelection> | null;
    return { storeId: saved?.storeId ?? null, terminalId: saved?.terminalId ?? null };
  } catch {
    return { storeId: null, terminalId: null };
  }
}

/** A saved choice still valid in `context`, else the only store and terminal when there is one. */
function validIn(context: VendorContext, wanted: PosSelection): PosSelection {
  const onlyStore = context.stores.length === 1 ? context.stores[0]!.id : null;
  const storeId = context.stores.some((s) => s.id === wanted.storeId) ? wanted.storeId : onlyStore;
  const terminals = context.pos_terminals.filter((t) => t.store_id === storeId);
  const onlyTerminal = terminals.length === 1 ? terminals[0]!.id : null;
  const terminalId = terminals.some((t) => t.id === wanted.terminalId) ? wanted.terminalId : onlyTerminal;
  return { storeId, terminalId };
}

export function usePosSelection(context: VendorContext) {
  const [selection, setSelection] = useState<PosSelection>(() => validIn(context, read(context)));
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setSelection((current) => validIn(context, current)); // stores can change on a reload
  }, [context]);

  useEffect(() => {
    if (!selection.storeId || !selection.terminalId) return;
    try {
      localStorage.setItem(keyOf(context), JSON.stringify(selection));
      setSaved(true);
    } catch {
      setSaved(false); // private mode or full storage: the choice holds for this visit only
    }
  }, [context, selection]);

  return {
    ...selection,
    saved,
    chooseStore: (storeId: string) => setSelection(validIn(context, { storeId, terminalId: null })),
    chooseTerminal: (terminalId: string) => setSelection((current) => ({ ...current, terminalId })),
  };
}

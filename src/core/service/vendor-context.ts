// The POS and store context of a signed-in vendor account: needs a valid token and no module.
import type { VendorContext } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';
import type { Principal } from './principal';
import { vendorProfileOf } from './profiles';

export function createVendorContext({ accounts }: Pick<ServiceDeps, 'accounts'>) {
  return async function vendorContext({ account, terminalId }: Principal): Promise<VendorContext> {
    const all = await accounts.storesFor(account);
    // A PIN session works at one terminal: it sees that terminal and its store, nothing else.
    const terminals = terminalId === undefined ? all.terminals : all.terminals.filter((t) => t.id === terminalId);
    const stores =
      terminalId === undefined ? all.stores : all.stores.filter((s) => terminals.some((t) => t.storeId === s.id));
    return {
      vendor: { id: account.vendor?.id ?? '', name: account.vendor?.name ?? '' },
      user: vendorProfileOf(account),
      stores: stores.map((s) => ({ id: s.id, name: s.name })),
      pos_terminals: terminals.map((t) => ({ id: t.id, name: t.name, store_id: t.storeId })),
    };
  };
}

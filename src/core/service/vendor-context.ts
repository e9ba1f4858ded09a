// The POS and store context of a signed-in vendor account: needs a valid token and no module.
import type { VendorContext } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';
import type { Principal } from './principal';
import { vendorProfileOf } from './profiles';

export function createVendorContext({ accounts }: Pick<ServiceDeps, 'accounts'>) {
  return async function vendorContext({ account }: Principal): Promise<VendorContext> {
    const { stores, terminals } = await accounts.storesFor(account);
    return {
      vendor: { id: account.vendor?.id ?? '', name: account.vendor?.name ?? '' },
      user: vendorProfileOf(account),
      stores: stores.map((s) => ({ id: s.id, name: s.name })),
      pos_terminals: terminals.map((t) => ({ id: t.id, name: t.name, store_id: t.storeId })),
    };
  };
}

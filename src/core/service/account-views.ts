// Maps stored records to the administration routes' snake_case bodies (src/contract/administration-schemas.ts).
import type {
  AdminAccount,
  Session,
  Store,
  VendorAccount,
  VendorBusiness,
} from '../../contract/administration-schemas';
import type { ListedTerminal, ManagedAccount, ManagedStore, SessionRecord, TerminalRecord } from '../ports';
import { adminProfileOf, vendorProfileOf } from './profiles';

/** The profile the account itself sees, plus what administrators need. */
export function adminAccountView(account: ManagedAccount): AdminAccount {
  return { ...adminProfileOf(account), disabled: account.disabled, created_at: account.createdAt.toISOString() };
}

export function vendorAccountView(account: ManagedAccount): VendorAccount {
  return {
    ...vendorProfileOf(account),
    store_ids: account.storeIds,
    disabled: account.disabled,
    created_at: account.createdAt.toISOString(),
  };
}

export const vendorView = (vendor: { id: string; name: string }): VendorBusiness => ({
  id: vendor.id,
  name: vendor.name,
});

export const terminalView = (t: TerminalRecord) => ({ id: t.id, name: t.name, store_id: t.storeId });

export function storeView(
  store: Pick<ManagedStore, 'id' | 'vendorId' | 'name'> & { terminals?: ListedTerminal[] },
): Store {
  const terminals = (store.terminals ?? []).map((t) => ({ ...terminalView(t), paired: t.paired }));
  return { id: store.id, vendor_id: store.vendorId, name: store.name, pos_terminals: terminals };
}

export function sessionView(session: SessionRecord): Session {
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_used_at: session.lastUsedAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    user_agent: session.userAgent,
    client_ip: session.clientIp,
  };
}

// Rules of administration beyond the module guard: nobody grants what they do not hold, only a
// super_admin makes or changes a super_admin, and a business's records stay inside the business.
import { AuthError } from '../auth-error';
import type { AccountRecord, AccountRepository, AdministrationRepository, ManagedAccount, StoreRecord } from '../ports';
import type { Principal } from './principal';

type Grants = { modules: readonly string[]; modulePermissions: Readonly<Record<string, readonly string[]>> };
export const NO_GRANTS: Grants = { modules: [], modulePermissions: {} };

/**
 * Throws forbidden when `caller` would give an account of its own role a module (or, for an
 * employee, an action) that `caller` does not hold: otherwise an admin with `admins`, or an
 * employee with `staff`, could raise its own rights. super_admin and owner hold everything.
 */
export function assertMayGrant(
  caller: AccountRecord,
  before: Grants,
  after: { modules?: readonly string[]; modulePermissions?: Grants['modulePermissions'] },
) {
  if (caller.type === 'super_admin' || caller.type === 'owner') return;
  for (const module of after.modules ?? []) {
    if (!before.modules.includes(module) && !caller.modules.includes(module)) {
      throw new AuthError('forbidden', `You cannot grant the ${module} module: you do not hold it.`);
    }
  }
  if (caller.role !== 'vendor') return;
  for (const [module, actions] of Object.entries(after.modulePermissions ?? {})) {
    for (const action of actions) {
      const had = before.modulePermissions[module]?.includes(action) ?? false;
      if (!had && !(caller.modulePermissions[module]?.includes(action) ?? false)) {
        throw new AuthError('forbidden', `You cannot grant ${action} on ${module}: you do not hold it.`);
      }
    }
  }
}

/** Only a super_admin may create a super_admin, or change, disable or end sessions of one. */
export function assertMaySuperAdmin(caller: AccountRecord, type: string | undefined) {
  if (type === 'super_admin' && caller.type !== 'super_admin') {
    throw new AuthError('forbidden', 'Only a super_admin may create or change a super_admin.');
  }
}

export async function adminTarget(administration: AdministrationRepository, id: string): Promise<ManagedAccount> {
  const target = await administration.findManaged('admin', id);
  if (!target) throw new AuthError('not_found', 'No such admin account.');
  return target;
}

/** Where a business's records are looked up: another business's record is 404, never 403, so ids reveal nothing. */
export function createVendorScope({
  accounts,
  administration,
}: {
  accounts: AccountRepository;
  administration: AdministrationRepository;
}) {
  const notFound = (what: string) => new AuthError('not_found', `No such ${what} in this business.`);

  /** The business the caller acts on: an admin names it; a vendor account always acts on its own. */
  async function businessOf({ account }: Principal, vendorId?: string): Promise<string> {
    if (account.role === 'vendor') {
      const own = account.vendor?.id ?? '';
      if (vendorId !== undefined && vendorId !== own) throw new AuthError('not_found', 'No such vendor.');
      return own;
    }
    if (!vendorId || !(await accounts.findVendor(vendorId))) throw new AuthError('not_found', 'No such vendor.');
    return vendorId;
  }

  async function accountIn(vendorId: string, accountId: string): Promise<ManagedAccount> {
    const target = await administration.findManaged('vendor', accountId);
    if (!target || target.vendor?.id !== vendorId) throw notFound('account');
    return target;
  }

  async function storeIn(vendorId: string, storeId: string): Promise<StoreRecord> {
    const found = await accounts.findStore(storeId);
    if (!found || found.vendorId !== vendorId) throw notFound('store');
    return found;
  }

  /** Employees manage fellow employees; the owner account is for the owner and admins. */
  function assertMayActOn({ account }: Principal, target: ManagedAccount) {
    if (account.type === 'employee' && target.type === 'owner') {
      throw new AuthError('forbidden', 'Only the owner or an admin may act on the owner account.');
    }
  }

  return { businessOf, accountIn, storeIn, assertMayActOn };
}

export type VendorScope = ReturnType<typeof createVendorScope>;

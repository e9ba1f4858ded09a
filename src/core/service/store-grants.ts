// The store rule of administration, as for modules: an employee assigns only stores it is assigned
// to itself, so staff rights over a business cannot reach every store of it.
import { AuthError } from '../auth-error';
import type { AccountRecord, AccountRepository } from '../ports';

/**
 * Throws forbidden when `caller`, an employee, would add to an account a store it does not work
 * in. Stores the account already had may stay; owners and admins assign any store of the business.
 */
export async function assertMayGrantStores(
  accounts: Pick<AccountRepository, 'storesFor'>,
  caller: AccountRecord,
  before: readonly string[],
  after: readonly string[] | undefined,
) {
  if (caller.type !== 'employee' || !after) return;
  const added = after.filter((id) => !before.includes(id));
  if (added.length === 0) return;
  const held = new Set((await accounts.storesFor(caller)).stores.map((store) => store.id));
  const foreign = added.find((id) => !held.has(id));
  if (foreign) throw new AuthError('forbidden', `You cannot assign store ${foreign}: you are not assigned to it.`);
}

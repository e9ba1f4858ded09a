// A business's stores and POS terminals: admins with `vendors` for every business, owners and
// employees with `stores` for their own.
import { createStoreRequest, createTerminalRequest } from '../../contract/administration-schemas';
import { pageFrom, pageRequestOf } from '../paging';
import { parseInput } from '../validation';
import type { Operator } from './operator';
import { storeView, terminalView } from './account-views';
import type { VendorScope } from './administration-rules';
import type { ServiceDeps } from './deps';
import { allowed, auditOf } from './operation-access';
import type { Principal } from './principal';

export function createStoreAdministration(
  deps: Pick<ServiceDeps, 'administration' | 'logger'>,
  operator: Operator,
  scope: VendorScope,
) {
  const { administration } = deps;
  const audit = auditOf(deps.logger);

  /**
   * Every store of the business with its terminals, for employees too: assignment limits the context, not management.
   */
  async function listStores(principal: Principal, vendorId: string | undefined, query: unknown) {
    const vid = await scope.businessOf(allowed(principal, 'listStores'), vendorId);
    const page = pageRequestOf(query);
    return pageFrom(await administration.listStores(vid, page), page, storeView);
  }

  async function createStore(principal: Principal, vendorId: string | undefined, body: unknown) {
    allowed(principal, 'createStore');
    const vid = await scope.businessOf(principal, vendorId);
    const input = parseInput(createStoreRequest, body);
    const created = await operator.createStore(vid, input);
    audit(principal, 'createStore', { vendorId: vid, targetId: created.id });
    return storeView(created);
  }

  async function createTerminal(principal: Principal, vendorId: string | undefined, storeId: string, body: unknown) {
    allowed(principal, 'createTerminal');
    const vid = await scope.businessOf(principal, vendorId);
    const input = parseInput(createTerminalRequest, body);
    const inStore = await scope.storeIn(vid, storeId);
    const created = await operator.createTerminal(inStore.id, input);
    audit(principal, 'createTerminal', { vendorId: vid, targetId: created.id });
    return terminalView(created);
  }

  return { listStores, createStore, createTerminal };
}

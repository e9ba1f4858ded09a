// A business's stores and POS terminals: admins with `vendors` for every business, owners and
// employees with `stores` for their own.
import { createStoreRequest, createTerminalRequest } from '../../contract/administration-schemas';
import { pageFrom, pageRequestOf } from '../paging';
import { parseInput } from '../validation';
import type { createAccountAdministration } from './accounts';
import { storeView, terminalView } from './admin-views';
import type { VendorScope } from './admin-rules';
import type { ServiceDeps } from './deps';
import { auditOf, type Authorize, type Caller } from './guard';

type Operators = ReturnType<typeof createAccountAdministration>;

export function createStoreAdministration(deps: Pick<ServiceDeps, 'administration' | 'logger'>, authorize: Authorize, operators: Operators, scope: VendorScope) {
  const { administration } = deps;
  const audit = auditOf(deps.logger);

  /** Every store of the business with its terminals, for employees too: assignment limits the context, not management. */
  async function listStores(caller: Caller, vendorId: string | undefined, query: unknown) {
    const vid = await scope.businessOf(await authorize(caller, 'stores.list'), vendorId);
    const page = pageRequestOf(query);
    return pageFrom(await administration.listStores(vid, page), page, storeView);
  }

  async function createStore(caller: Caller, vendorId: string | undefined, body: unknown) {
    const principal = await authorize(caller, 'stores.create');
    const vid = await scope.businessOf(principal, vendorId);
    const input = parseInput(createStoreRequest, body);
    const created = await operators.createStore(vid, input.name);
    audit(principal, 'stores.create', { vendorId: vid, targetId: created.id });
    return storeView(created);
  }

  async function createTerminal(caller: Caller, vendorId: string | undefined, storeId: string, body: unknown) {
    const principal = await authorize(caller, 'terminals.create');
    const vid = await scope.businessOf(principal, vendorId);
    const input = parseInput(createTerminalRequest, body);
    const inStore = await scope.storeIn(vid, storeId);
    const created = await operators.createTerminal(inStore.id, input.name);
    audit(principal, 'terminals.create', { vendorId: vid, targetId: created.id });
    return terminalView(created);
  }

  return { listStores, createStore, createTerminal };
}

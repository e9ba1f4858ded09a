// Vendor businesses and their accounts: admins with `vendors` for every business, owners and
// employees with `staff` for their own. Scope checks live here, so no adapter can forget them.
import {
  createEmployeeRequest,
  createVendorRequest,
  updateEmployeeRequest,
} from '../../contract/administration-schemas';
import { AuthError } from '../auth-error';
import { pageFrom, pageRequestOf } from '../paging';
import { parseInput } from '../validation';
import type { Operator } from './operator';
import { vendorAccountView, vendorView } from './account-views';
import { assertMayGrant, NO_GRANTS, type VendorScope } from './administration-rules';
import type { ServiceDeps } from './deps';
import { assertMayGrantStores } from './store-grants';
import { allowed, auditOf } from './operation-access';
import { auditEntry, causeOf, changeDetails, subjectOf } from './audit';
import type { Principal } from './principal';

type Deps = Pick<ServiceDeps, 'accounts' | 'administration' | 'clock' | 'logger'>;

export function createVendorAdministration(deps: Deps, operator: Operator, scope: VendorScope) {
  const { accounts, administration, clock } = deps;
  const audit = auditOf(deps.logger);

  async function reload(accountId: string) {
    const found = await administration.findManaged('vendor', accountId);
    if (!found) throw new AuthError('not_found', 'No such account.');
    return vendorAccountView(found);
  }

  async function listVendors(principal: Principal, query: unknown) {
    allowed(principal, 'listVendors');
    const page = pageRequestOf(query);
    return pageFrom(await administration.listVendors(page), page, vendorView);
  }

  /** A business with its owner, who holds every vendor module. */
  async function createVendor(principal: Principal, body: unknown) {
    allowed(principal, 'createVendor');
    const input = parseInput(createVendorRequest, body);
    const { vendor, owner } = await operator.createVendor(input, causeOf(principal));
    audit(principal, 'createVendor', { vendorId: vendor.id, targetId: owner.id });
    return { vendor: vendorView(vendor), owner: await reload(owner.id) };
  }

  async function listVendorAccounts(principal: Principal, vendorId: string | undefined, query: unknown) {
    const vid = await scope.businessOf(allowed(principal, 'listVendorAccounts'), vendorId);
    const page = pageRequestOf(query);
    return pageFrom(await administration.listVendorAccounts(vid, page), page, vendorAccountView);
  }

  async function createEmployee(principal: Principal, vendorId: string | undefined, body: unknown) {
    allowed(principal, 'createEmployee');
    const vid = await scope.businessOf(principal, vendorId);
    const input = parseInput(createEmployeeRequest, body);
    if (principal.account.role === 'vendor') {
      assertMayGrant(principal.account, NO_GRANTS, {
        modules: input.modules,
        modulePermissions: input.module_permissions,
      });
      await assertMayGrantStores(accounts, principal.account, [], input.store_ids);
    }
    const created = await operator.createEmployee({ ...input, vendor_id: vid }, causeOf(principal));
    return reload(created.id);
  }

  /** Changes take effect on the employee's next request: /me and the context re-read the account. */
  async function updateEmployee(principal: Principal, vendorId: string | undefined, accountId: string, body: unknown) {
    allowed(principal, 'updateEmployee');
    const vid = await scope.businessOf(principal, vendorId);
    const input = parseInput(updateEmployeeRequest, body);
    const target = await scope.accountIn(vid, accountId);
    scope.assertMayActOn(principal, target);
    if (target.type !== 'employee')
      throw new AuthError('conflict', 'An owner holds every module and store; only employees can be changed.');
    if (principal.account.role === 'vendor') {
      assertMayGrant(principal.account, target, {
        modules: input.modules,
        modulePermissions: input.module_permissions,
      });
      await assertMayGrantStores(accounts, principal.account, target.storeIds, input.store_ids);
    }
    for (const storeId of input.store_ids ?? []) await scope.storeIn(vid, storeId);
    const change = {
      name: input.name,
      modules: input.modules,
      modulePermissions: input.module_permissions,
      storeIds: input.store_ids,
    };
    const after = {
      ...change,
      modules: change.modules ?? target.modules,
      modulePermissions: change.modulePermissions ?? target.modulePermissions,
    };
    const audit = auditEntry('account_changed', subjectOf(target), causeOf(principal), changeDetails(target, after));
    const updated = await administration.updateEmployee(target.id, change, clock.now(), audit);
    if (!updated) throw new AuthError('not_found', 'No such account in this business.');
    return vendorAccountView(updated);
  }

  async function setVendorAccountDisabled(
    principal: Principal,
    vendorId: string | undefined,
    accountId: string,
    disabled: boolean,
  ) {
    const operation = disabled ? 'disableVendorAccount' : 'enableVendorAccount';
    allowed(principal, operation);
    const vid = await scope.businessOf(principal, vendorId);
    const target = await scope.accountIn(vid, accountId);
    scope.assertMayActOn(principal, target);
    if (disabled && target.id === principal.account.id)
      throw new AuthError('conflict', 'You cannot disable your own account.');
    const audit = auditEntry(disabled ? 'account_disabled' : 'account_enabled', subjectOf(target), causeOf(principal));
    await accounts.setDisabled('vendor', target.id, disabled, clock.now(), audit);
    return vendorAccountView({ ...target, disabled });
  }

  return {
    listVendors,
    createVendor,
    listVendorAccounts,
    createEmployee,
    updateEmployee,
    /** Disabling ends every session of the account at once and refuses its access tokens from then on. */
    disableVendorAccount: (principal: Principal, vendorId: string | undefined, accountId: string) =>
      setVendorAccountDisabled(principal, vendorId, accountId, true),
    enableVendorAccount: (principal: Principal, vendorId: string | undefined, accountId: string) =>
      setVendorAccountDisabled(principal, vendorId, accountId, false),
  };
}

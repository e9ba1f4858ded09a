// Admin accounts as admins with the `admins` module run them: list, create, change, disable, enable.
import { createAdminRequest, updateAdminRequest } from '../../contract/administration-schemas';
import { AuthError } from '../auth-error';
import { pageFrom, pageRequestOf } from '../paging';
import type { ManagedAccount } from '../ports';
import { parseInput } from '../validation';
import type { Operator } from './operator';
import { adminAccountView } from './account-views';
import { adminTarget, assertMayGrant, assertMaySuperAdmin, NO_GRANTS } from './administration-rules';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import { auditEntry, causeOf, changeDetails, subjectOf } from './audit';
import type { Principal } from './principal';

export function createAdminAccounts(deps: Pick<ServiceDeps, 'administration' | 'clock'>, operator: Operator) {
  const { administration, clock } = deps;

  function applied(result: ManagedAccount | 'last_super_admin' | null): ManagedAccount {
    if (result === 'last_super_admin') {
      throw new AuthError('conflict', 'This is the last enabled super_admin: make another super_admin first.');
    }
    if (!result) throw new AuthError('not_found', 'No such admin account.');
    return result;
  }

  async function listAdmins(principal: Principal, query: unknown) {
    allowed(principal, 'listAdmins');
    const page = pageRequestOf(query);
    return pageFrom(await administration.listAdmins(page), page, adminAccountView);
  }

  async function createAdmin(principal: Principal, body: unknown) {
    allowed(principal, 'createAdmin');
    const { account } = principal;
    const input = parseInput(createAdminRequest, body);
    assertMaySuperAdmin(account, input.admin_type);
    assertMayGrant(account, NO_GRANTS, { modules: input.modules });
    const created = await operator.createAdmin(input, causeOf(principal));
    return adminAccountView(applied(await administration.findManaged('admin', created.id)));
  }

  async function updateAdmin(principal: Principal, adminId: string, body: unknown) {
    allowed(principal, 'updateAdmin');
    const { account } = principal;
    const input = parseInput(updateAdminRequest, body);
    const target = await adminTarget(administration, adminId);
    assertMaySuperAdmin(account, target.type);
    assertMaySuperAdmin(account, input.admin_type);
    assertMayGrant(account, target, { modules: input.modules });
    const change = { name: input.name, adminType: input.admin_type, modules: input.modules };
    const after = {
      name: input.name,
      type: input.admin_type,
      modules: input.modules ?? target.modules,
      modulePermissions: {},
    };
    const audit = auditEntry('account_changed', subjectOf(target), causeOf(principal), changeDetails(target, after));
    return adminAccountView(applied(await administration.updateAdmin(target.id, change, clock.now(), audit)));
  }

  async function setAdminDisabled(principal: Principal, adminId: string, disabled: boolean) {
    const operation = disabled ? 'disableAdmin' : 'enableAdmin';
    allowed(principal, operation);
    const { account } = principal;
    const target = await adminTarget(administration, adminId);
    assertMaySuperAdmin(account, target.type);
    if (disabled && target.id === account.id) throw new AuthError('conflict', 'You cannot disable your own account.');
    const audit = auditEntry(disabled ? 'account_disabled' : 'account_enabled', subjectOf(target), causeOf(principal));
    return adminAccountView(applied(await administration.updateAdmin(target.id, { disabled }, clock.now(), audit)));
  }

  return {
    listAdmins,
    createAdmin,
    updateAdmin,
    /** Disabling ends every session of the account at once and refuses its access tokens from then on. */
    disableAdmin: (principal: Principal, adminId: string) => setAdminDisabled(principal, adminId, true),
    enableAdmin: (principal: Principal, adminId: string) => setAdminDisabled(principal, adminId, false),
  };
}

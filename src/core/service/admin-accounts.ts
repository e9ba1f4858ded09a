// Admin accounts as admins with the `admins` module run them: list, create, change, disable, enable.
import { createAdminRequest, updateAdminRequest } from '../../contract/administration-schemas';
import { AuthError } from '../errors';
import { pageFrom, pageRequestOf } from '../paging';
import type { ManagedAccount } from '../ports';
import { parseInput } from '../validation';
import type { createAccountAdministration } from './accounts';
import { adminAccountView } from './admin-views';
import { adminTarget, assertMayGrant, assertMaySuperAdmin, NO_GRANTS } from './admin-rules';
import type { ServiceDeps } from './deps';
import { auditOf, type Authorize, type Caller } from './guard';

type Operators = ReturnType<typeof createAccountAdministration>;

export function createAdminAccounts(deps: Pick<ServiceDeps, 'administration' | 'clock' | 'logger'>, authorize: Authorize, operators: Operators) {
  const { administration, clock } = deps;
  const audit = auditOf(deps.logger);

  function applied(result: ManagedAccount | 'last_super_admin' | null): ManagedAccount {
    if (result === 'last_super_admin') {
      throw new AuthError('conflict', 'This is the last enabled super_admin: make another super_admin first.');
    }
    if (!result) throw new AuthError('not_found', 'No such admin account.');
    return result;
  }

  async function listAdmins(caller: Caller, query: unknown) {
    await authorize(caller, 'admins.list');
    const page = pageRequestOf(query);
    return pageFrom(await administration.listAdmins(page), page, adminAccountView);
  }

  async function createAdmin(caller: Caller, body: unknown) {
    const principal = await authorize(caller, 'admins.create');
    const { account } = principal;
    const input = parseInput(createAdminRequest, body);
    assertMaySuperAdmin(account, input.admin_type);
    assertMayGrant(account, NO_GRANTS, { modules: input.modules });
    const created = await operators.createAdmin({ email: input.email, password: input.password, name: input.name, type: input.admin_type, modules: input.modules });
    audit(principal, 'admins.create', { targetId: created.id });
    return adminAccountView(applied(await administration.findManaged('admin', created.id)));
  }

  async function updateAdmin(caller: Caller, adminId: string, body: unknown) {
    const principal = await authorize(caller, 'admins.update');
    const { account } = principal;
    const input = parseInput(updateAdminRequest, body);
    const target = await adminTarget(administration, adminId);
    assertMaySuperAdmin(account, target.type);
    assertMaySuperAdmin(account, input.admin_type);
    assertMayGrant(account, target, { modules: input.modules });
    const change = { name: input.name, adminType: input.admin_type, modules: input.modules };
    const updated = applied(await administration.updateAdmin(target.id, change, clock.now()));
    audit(principal, 'admins.update', { targetId: target.id });
    return adminAccountView(updated);
  }

  async function setAdminDisabled(caller: Caller, adminId: string, disabled: boolean) {
    const operation = disabled ? 'admins.disable' : 'admins.enable';
    const principal = await authorize(caller, operation);
    const { account } = principal;
    const target = await adminTarget(administration, adminId);
    assertMaySuperAdmin(account, target.type);
    if (disabled && target.id === account.id) throw new AuthError('conflict', 'You cannot disable your own account.');
    const updated = applied(await administration.updateAdmin(target.id, { disabled }, clock.now()));
    audit(principal, operation, { targetId: target.id });
    return adminAccountView(updated);
  }

  return {
    listAdmins,
    createAdmin,
    updateAdmin,
    /** Disabling ends every session of the account at once and refuses its access tokens from then on. */
    disableAdmin: (caller: Caller, adminId: string) => setAdminDisabled(caller, adminId, true),
    enableAdmin: (caller: Caller, adminId: string) => setAdminDisabled(caller, adminId, false),
  };
}

// Second factors reset by others (an admin, an owner or an employee with `staff`), for staff who lost
// their authenticator: every factor goes and every session of the account ends.
import type { ServiceDeps } from './deps';
import { adminTarget, assertMaySuperAdmin, type VendorScope } from './administration-rules';
import { causeOf } from './audit';
import { allowed, auditOf } from './operation-access';
import type { Operator } from './operator';
import type { Principal } from './principal';

export function createFactorReset(
  deps: Pick<ServiceDeps, 'administration' | 'logger'>,
  operator: Operator,
  scope: VendorScope,
) {
  const audit = auditOf(deps.logger);

  /** `POST /admin/admins/{id}/mfa/reset`: only a super_admin resets a super_admin's. */
  async function resetAdminFactors(principal: Principal, adminId: string): Promise<void> {
    allowed(principal, 'resetAdminFactors');
    const target = await adminTarget(deps.administration, adminId);
    assertMaySuperAdmin(principal.account, target.type);
    await operator.removeEveryFactor(target, causeOf(principal));
    audit(principal, 'resetAdminFactors', { targetId: target.id });
  }

  /** `POST …/accounts/{id}/mfa/reset`: an account of the business, as the other account routes scope it. */
  async function resetVendorAccountFactors(
    principal: Principal,
    vendorId: string | undefined,
    accountId: string,
  ): Promise<void> {
    allowed(principal, 'resetVendorAccountFactors');
    const vid = await scope.businessOf(principal, vendorId);
    const target = await scope.accountIn(vid, accountId);
    scope.assertMayActOn(principal, target);
    await operator.removeEveryFactor(target, causeOf(principal));
    audit(principal, 'resetVendorAccountFactors', { vendorId: vid, targetId: target.id });
  }

  return { resetAdminFactors, resetVendorAccountFactors };
}

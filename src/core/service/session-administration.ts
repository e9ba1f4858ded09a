// Sign-in sessions (refresh-token families) as lists: every account sees and ends its own (OWASP
// ASVS 5.0, 7.5.2); admins with the matching module see and end another account's (7.4.5).
import { AuthError } from '../auth-error';
import { pageFrom, pageRequestOf } from '../paging';
import type { Role } from '../../contract/auth-schemas';
import { sessionView } from './account-views';
import { adminTarget, assertMaySuperAdmin, type VendorScope } from './administration-rules';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import { auditEntry, causeOf } from './audit';
import type { Principal } from './principal';

type Deps = Pick<ServiceDeps, 'accounts' | 'administration' | 'sessionListing' | 'sessions' | 'clock' | 'logger'>;

export function createSessionAdministration(deps: Deps, scope: VendorScope) {
  const { accounts, administration, sessionListing, sessions, clock, logger } = deps;

  async function activeOf(role: Role, accountId: string, query: unknown) {
    const page = pageRequestOf(query);
    return pageFrom(await sessionListing.listActive(role, accountId, clock.now(), page), page, sessionView);
  }

  /**
   * Revokes the family: its refresh tokens stop at once; access tokens already issued run out within
   * JWT_ACCESS_EXPIRES.
   */
  async function end(
    principal: Principal,
    target: { role: Role; id: string; vendor?: { id: string } },
    sessionId: string,
  ) {
    const { role, id: accountId } = target;
    const found = await sessionListing.findSession(sessionId);
    if (!found || found.role !== role || found.accountId !== accountId)
      throw new AuthError('not_found', 'No such session.');
    const subject = { role, accountId, vendorId: target.vendor?.id ?? null };
    const audit = auditEntry('session_ended', subject, causeOf(principal), { session_id: found.id });
    if (!found.revokedAt) await sessions.revokeFamily(found.id, clock.now(), audit);
    logger.info(
      {
        event: 'session_ended',
        role,
        accountId,
        familyId: found.id,
        byRole: principal.account.role,
        byId: principal.account.id,
      },
      'session ended',
    );
  }

  async function customerTarget(id: string) {
    const customer = await accounts.findById('customer', id);
    if (!customer) throw new AuthError('not_found', 'No such customer.');
    return customer;
  }

  /** The vendor account a vendor-scoped session operation is about, after every scope check. */
  async function vendorTarget(principal: Principal, vendorId: string | undefined, accountId: string) {
    const target = await scope.accountIn(await scope.businessOf(principal, vendorId), accountId);
    scope.assertMayActOn(principal, target);
    return target;
  }

  return {
    async listOwnSessions(principal: Principal, query: unknown) {
      const { account } = allowed(principal, 'listOwnSessions');
      return activeOf(account.role, account.id, query);
    },

    async endOwnSession(principal: Principal, sessionId: string) {
      allowed(principal, 'endOwnSession');
      await end(principal, principal.account, sessionId);
    },

    async listAdminSessions(principal: Principal, adminId: string, query: unknown) {
      allowed(principal, 'listAdminSessions');
      return activeOf('admin', (await adminTarget(administration, adminId)).id, query);
    },

    async endAdminSession(principal: Principal, adminId: string, sessionId: string) {
      allowed(principal, 'endAdminSession');
      const target = await adminTarget(administration, adminId);
      assertMaySuperAdmin(principal.account, target.type);
      await end(principal, target, sessionId);
    },

    async listCustomerSessions(principal: Principal, customerId: string, query: unknown) {
      allowed(principal, 'listCustomerSessions');
      return activeOf('customer', (await customerTarget(customerId)).id, query);
    },

    async endCustomerSession(principal: Principal, customerId: string, sessionId: string) {
      allowed(principal, 'endCustomerSession');
      await end(principal, await customerTarget(customerId), sessionId);
    },

    async listVendorAccountSessions(
      principal: Principal,
      vendorId: string | undefined,
      accountId: string,
      query: unknown,
    ) {
      allowed(principal, 'listVendorAccountSessions');
      return activeOf('vendor', (await vendorTarget(principal, vendorId, accountId)).id, query);
    },

    async endVendorAccountSession(
      principal: Principal,
      vendorId: string | undefined,
      accountId: string,
      sessionId: string,
    ) {
      allowed(principal, 'endVendorAccountSession');
      const target = await vendorTarget(principal, vendorId, accountId);
      await end(principal, target, sessionId);
    },
  };
}

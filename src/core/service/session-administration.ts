// Sign-in sessions (refresh-token families) as lists: every account sees and ends its own (OWASP
// ASVS 5.0, 7.5.2); admins with the matching module see and end another account's (7.4.5).
import { AuthError } from '../errors';
import { pageFrom, pageRequestOf } from '../paging';
import type { Role } from '../../contract/auth-schemas';
import { sessionView } from './admin-views';
import { adminTarget, assertMaySuperAdmin, type VendorScope } from './admin-rules';
import type { ServiceDeps } from './deps';
import type { Authorize, Caller } from './guard';
import type { Principal } from './principal';

type Deps = Pick<ServiceDeps, 'administration' | 'sessionListing' | 'sessions' | 'clock' | 'logger'>;

export function createSessionAdministration(deps: Deps, authorize: Authorize, scope: VendorScope) {
  const { administration, sessionListing, sessions, clock, logger } = deps;

  async function activeOf(role: Role, accountId: string, query: unknown) {
    const page = pageRequestOf(query);
    return pageFrom(await sessionListing.listActive(role, accountId, clock.now(), page), page, sessionView);
  }

  /** Revokes the family: its refresh tokens stop at once; access tokens already issued run out within JWT_ACCESS_EXPIRES. */
  async function end(principal: Principal, role: Role, accountId: string, sessionId: string) {
    const found = await sessionListing.findSession(sessionId);
    if (!found || found.role !== role || found.accountId !== accountId) throw new AuthError('not_found', 'No such session.');
    if (!found.revokedAt) await sessions.revokeFamily(found.id, clock.now());
    logger.info({ event: 'session_ended', role, accountId, familyId: found.id, byRole: principal.account.role, byId: principal.account.id }, 'session ended');
  }

  /** The vendor account a vendor-scoped session operation is about, after every scope check. */
  async function vendorTarget(principal: Principal, vendorId: string | undefined, accountId: string) {
    const target = await scope.accountIn(await scope.businessOf(principal, vendorId), accountId);
    scope.assertMayActOn(principal, target);
    return target;
  }

  return {
    async listOwnSessions(caller: Caller, query: unknown) {
      const { account } = await authorize(caller, 'own_sessions.list');
      return activeOf(account.role, account.id, query);
    },

    async endOwnSession(caller: Caller, sessionId: string) {
      const principal = await authorize(caller, 'own_sessions.end');
      await end(principal, principal.account.role, principal.account.id, sessionId);
    },

    async listAdminSessions(caller: Caller, adminId: string, query: unknown) {
      await authorize(caller, 'admins.sessions.list');
      return activeOf('admin', (await adminTarget(administration, adminId)).id, query);
    },

    async endAdminSession(caller: Caller, adminId: string, sessionId: string) {
      const principal = await authorize(caller, 'admins.sessions.end');
      const target = await adminTarget(administration, adminId);
      assertMaySuperAdmin(principal.account, target.type);
      await end(principal, 'admin', target.id, sessionId);
    },

    async listVendorAccountSessions(caller: Caller, vendorId: string | undefined, accountId: string, query: unknown) {
      const principal = await authorize(caller, 'vendor_accounts.sessions.list');
      return activeOf('vendor', (await vendorTarget(principal, vendorId, accountId)).id, query);
    },

    async endVendorAccountSession(caller: Caller, vendorId: string | undefined, accountId: string, sessionId: string) {
      const principal = await authorize(caller, 'vendor_accounts.sessions.end');
      const target = await vendorTarget(principal, vendorId, accountId);
      await end(principal, 'vendor', target.id, sessionId);
    },
  };
}

// The administration operations of the auth service, each behind its guard in src/core/operations.ts:
// admin accounts, vendor businesses with their accounts, stores and terminals, and sessions.
import { createOperator } from './operator';
import { createAdminAccounts } from './admin-accounts';
import { createVendorScope } from './administration-rules';
import type { ServiceDeps } from './deps';
import { createSessionAdministration } from './session-administration';
import { createStoreAdministration } from './store-administration';
import { createVendorAdministration } from './vendor-administration';
import { createAuditEvents } from './audit-events';
import { createCustomerAdministration } from './customer-administration';
import { createFactorReset } from './factor-reset';
import { createInvitations } from './invitations';

/**
 * Every function takes the signed-in Principal first (the adapter authenticated its token: 401),
 * applies the operation's guard (403), validates the input (400), then scopes the records (404).
 * Vendor-side callers pass `vendorId` undefined: they always act on their own business.
 */
export function createAdministration(deps: ServiceDeps) {
  const operator = createOperator(deps);
  const scope = createVendorScope(deps);
  return {
    ...createAdminAccounts(deps, operator),
    ...createVendorAdministration(deps, operator, scope),
    ...createStoreAdministration(deps, operator, scope),
    ...createSessionAdministration(deps, scope),
    ...createAuditEvents(deps),
    ...createCustomerAdministration(deps),
    ...createFactorReset(deps, operator, scope),
    ...createInvitations(deps, scope),
  };
}

export type Administration = ReturnType<typeof createAdministration>;

// The administration operations of the auth service, each behind its guard in src/core/operations.ts:
// admin accounts, vendor businesses with their accounts, stores and terminals, and sessions.
import { createAccountAdministration } from './accounts';
import { createAdminAccounts } from './admin-accounts';
import { createVendorScope } from './admin-rules';
import type { ServiceDeps } from './deps';
import { createAuthorize } from './guard';
import { createSessionAdministration } from './session-administration';
import { createStoreAdministration } from './store-administration';
import { createVendorAdministration } from './vendor-administration';

/**
 * Every function takes the Caller (route role and bearer token) first: it authenticates (401),
 * applies the operation's guard (403), validates the input (400), then scopes the records (404).
 * Vendor-side callers pass `vendorId` undefined: they always act on their own business.
 */
export function createAdministration(deps: ServiceDeps) {
  const authorize = createAuthorize(deps);
  const operators = createAccountAdministration(deps);
  const scope = createVendorScope(deps);
  return {
    ...createAdminAccounts(deps, authorize, operators),
    ...createVendorAdministration(deps, authorize, operators, scope),
    ...createStoreAdministration(deps, authorize, operators, scope),
    ...createSessionAdministration(deps, authorize, scope),
  };
}

export type Administration = ReturnType<typeof createAdministration>;

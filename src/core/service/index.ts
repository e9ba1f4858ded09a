// The auth service: one object over injected ports that every adapter (REST, tRPC, CLI) calls.
import type { Role } from '../schemas';
import { createAccountAdministration } from './accounts';
import { createAdministration } from './administration';
import type { ServiceDeps } from './deps';
import { createPasswordReset } from './password-reset';
import { createAuthenticate } from './principal';
import { adminProfileOf, vendorProfileOf } from './profiles';
import { createSessions } from './sessions';
import { createVendorContext } from './vendor-context';

export type { ServiceDeps } from './deps';

export type { Principal } from './principal';
export type { Caller } from './guard';

export function createAuthService(deps: ServiceDeps) {
  const authenticate = createAuthenticate(deps);
  const sessions = createSessions(deps);
  const vendorContext = createVendorContext(deps);

  return {
    authenticate,
    ...sessions,
    ...createPasswordReset(deps),
    /** The operator CLI's operations: no caller, no guard (the operator holds the database). */
    admin: createAccountAdministration(deps),
    /** The guarded operations of the administration and session routes. */
    administration: createAdministration(deps),

    /** The caller's own profile, as login returned it. */
    async me(role: Role, accessToken: string) {
      const { account } = await authenticate(role, accessToken);
      return role === 'admin' ? { admin: adminProfileOf(account) } : { vendor: vendorProfileOf(account) };
    },

    async vendorContext(accessToken: string) {
      return vendorContext(await authenticate('vendor', accessToken));
    },

    /** Login with the profile under the role's key, as the contract shows it. */
    async loginWithProfile(role: Role, input: Parameters<typeof sessions.login>[1], client: Parameters<typeof sessions.login>[2]) {
      const { account, pair } = await sessions.login(role, input, client);
      return role === 'admin' ? { ...pair, admin: adminProfileOf(account) } : { ...pair, vendor: vendorProfileOf(account) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

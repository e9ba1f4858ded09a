// The auth service: one object over injected ports that every adapter (REST, tRPC, CLI) calls.
import type { AccountRecord, ClientInfo } from '../ports';
import type { AdminProfile, LoginRequest, Role, TokenPair, VendorProfile } from '../../contract/auth-schemas';
import type { CustomerProfile } from '../../contract/customer-schemas';
import { createCustomerAccount } from './customer-account';
import { createCustomerSignUp } from './customer-sign-up';
import { createOperator } from './operator';
import { createAdministration } from './administration';
import type { ServiceDeps } from './deps';
import { createOwnPasswordChange } from './own-password';
import { createPasswordReset } from './password-reset';
import { createAuthenticate, type Principal } from './principal';
import { adminProfileOf, customerProfileOf, vendorProfileOf } from './profiles';
import { createSessions } from './sessions';
import { createTerminalService } from './terminal-service';
import { createVendorContext } from './vendor-context';

export type { ServiceDeps } from './deps';

export type { Principal } from './principal';

/** `{admin: AdminProfile}` or `{vendor: VendorProfile}`: the role's profile under the role's key. */
export type ProfileOf<R extends Role> = R extends 'admin'
  ? { admin: AdminProfile }
  : R extends 'vendor'
    ? { vendor: VendorProfile }
    : { customer: CustomerProfile };
export type LoginResponseOf<R extends Role> = TokenPair & ProfileOf<R> & { device_id: string };

/** A role that is a type parameter cannot narrow the conditional type, hence the one cast here. */
function profileOf<R extends Role>(role: R, account: AccountRecord): ProfileOf<R> {
  const profile =
    role === 'admin' ? { admin: adminProfileOf(account) } : role === 'vendor' ? { vendor: vendorProfileOf(account) } : { customer: customerProfileOf(account) };
  return profile as ProfileOf<R>;
}

export function createAuthService(deps: ServiceDeps) {
  const authenticate = createAuthenticate(deps);
  const sessions = createSessions(deps);
  const vendorContext = createVendorContext(deps);
  const customerSignUp = createCustomerSignUp(deps, sessions.startSession);

  return {
    authenticate,
    ...sessions,
    ...createPasswordReset(deps),
    /** The operator CLI's face: no caller, no guard (the operator holds the database). */
    operator: createOperator(deps),
    /** The guarded operations of the administration and session routes. */
    administration: createAdministration(deps),
    /** POS terminals: pairing devices, staff PINs, the staff list and PIN sign-in. */
    terminals: createTerminalService(deps, sessions.startSession),

    /** `POST /auth/<role>/password`: the caller's own password, for a new pair. */
    changeOwnPassword: createOwnPasswordChange(deps, sessions.startSession),

    /** The caller's own profile, as login returned it. */
    me<R extends Role>(role: R, { account }: Principal): ProfileOf<R> {
      return profileOf(role, account);
    },

    /** Customers: registration, code sign-in and their own account. */
    customers: { ...customerSignUp, ...createCustomerAccount(deps, customerSignUp) },

    /** The stores and terminals the signed-in vendor account may work in; no module check. */
    vendorContext,

    /** Login with the profile under the role's key, as the contract shows it. */
    async loginWithProfile<R extends Role>(role: R, input: LoginRequest, client: ClientInfo): Promise<LoginResponseOf<R>> {
      const gate = role === 'customer' ? customerSignUp.loginGate : undefined;
      const { account, pair, deviceId } = await sessions.login(role, input, client, gate);
      return { ...pair, ...profileOf(role, account), device_id: deviceId };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

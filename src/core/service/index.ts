// The auth service: one object over injected ports that every adapter (REST, tRPC, CLI) calls.
import type { FactorSummary } from '../factor-ports';
import { AuthError } from '../auth-error';
import type { AccountRecord, ClientInfo } from '../ports';
import type { LoginRequest, Role, TokenPair } from '../../contract/auth-schemas';
import type { AcceptInvitationRequest } from '../../contract/invitation-schemas';
import { createCustomerAccount } from './customer-account';
import { createCustomerIdentities, type FlowCaller } from './customer-identities';
import { createCustomerSignUp } from './customer-sign-up';
import type { MfaChallenge, MfaEnrollmentChallenge } from '../../contract/factor-schemas';
import { createOperator } from './operator';
import { createAdministration } from './administration';
import type { ServiceDeps } from './deps';
import { createOwnPasswordChange } from './own-password';
import { createNotMe } from './not-me';
import { createOwnSettings } from './own-settings';
import { createPasswordReset } from './password-reset';
import { createAuthenticate, type Principal } from './principal';
import { profileOf, type LoginResponseOf, type ProfileOf } from './profiles';
import { createPasskeys } from './passkeys';
import { createSecondStep } from './second-step';
import { createSessions } from './sessions';
import type { CodeSignIn, GuestProfile, GuestTokenField } from '../../contract/guest-schemas';
import { createTotpEnrolment } from './totp-enrolment';
import { createTerminalService } from './terminal-service';
import { createVendorContext } from './vendor-context';
import { createWebhookEndpoints } from './webhook-endpoints';
import { createServiceClients } from './service-clients';
import { createApps } from './apps';
import { createAppGrants } from './app-grants';
import { createPlatformCalls } from './platform-calls';
import { createChallenges } from './challenges';
import { createGuests } from './guests';

export type { ServiceDeps } from './deps';

export type { Principal } from './principal';

export type { LoginResponseOf, ProfileOf } from './profiles';

export function createAuthService(deps: ServiceDeps) {
  const authenticate = createAuthenticate(deps);
  const sessions = createSessions(deps);
  const vendorContext = createVendorContext(deps);
  const customerSignUp = createCustomerSignUp(deps, sessions.startSession);
  const secondStep = createSecondStep(deps);
  const totp = createTotpEnrolment(deps, secondStep);
  const passkeys = createPasskeys(deps, secondStep);
  const customerAccount = createCustomerAccount(deps, customerSignUp);
  const identities = createCustomerIdentities(deps);
  const administration = createAdministration(deps);
  const challenges = createChallenges(deps);
  const guests = createGuests(deps, sessions.startSession);

  /** A customer signed in: the guest its `guest_token` names, if live, is linked and ends. */
  async function linkedGuest<T extends { customer: { id: string } }>(
    signedIn: T,
    guestToken: string | undefined,
    client: ClientInfo,
    details?: Record<string, unknown>,
  ): Promise<T> {
    await guests.link(guestToken, signedIn.customer.id, client, details);
    return signedIn;
  }

  const passwordReset = createPasswordReset(deps);
  const ownSettings = createOwnSettings(deps);
  const platform = createPlatformCalls(deps, authenticate);

  /**
   * The profile as login and /me show it, with the account's second factors (`known`: as the sign-in just read them).
   */
  const fullProfileOf = async <R extends Role>(role: R, account: AccountRecord, known?: FactorSummary) =>
    role === 'customer'
      ? profileOf(role, account)
      : profileOf(role, account, known ?? (await deps.factors.profileSummary(role, account.id)));

  /** A started session as the login route answers it. */
  async function loginResponseOf<R extends Role>(
    role: R,
    signedIn: { account: AccountRecord; pair: TokenPair; deviceId: string; factors?: FactorSummary },
  ): Promise<LoginResponseOf<R>> {
    return {
      ...signedIn.pair,
      ...(await fullProfileOf(role, signedIn.account, signedIn.factors)),
      device_id: signedIn.deviceId,
    };
  }

  /** A sign-in past its password: the next step's challenge, or the login response. */
  const answerOf = <R extends Role>(
    role: R,
    signedIn: Awaited<ReturnType<typeof sessions.afterPassword>>,
  ): Promise<LoginResponseOf<R>> | MfaChallenge | MfaEnrollmentChallenge =>
    'challenge' in signedIn ? signedIn.challenge : loginResponseOf(role, signedIn);

  /** The caller of an enrolment route: the Bearer token's account when one is sent, else the mfa_token's. */
  async function enrolleeOf(
    role: Role,
    bearerToken: string | undefined,
    mfaToken: string | undefined,
    client: ClientInfo,
  ) {
    const principal = bearerToken === undefined ? undefined : await authenticate(role, bearerToken, client);
    return totp.enrolleeOf(role, principal, mfaToken, client);
  }

  return {
    authenticate,
    /** The public keys the platform's other services verify access tokens with (empty under HS256). */
    jwks: () => deps.tokens.jwks(),
    ...sessions,
    ...passwordReset,
    /** "This wasn't me": a new-device mail's link ends that sign-in and starts a password reset. */
    disownSignIn: createNotMe(deps, passwordReset.requestReset),
    /** The operator CLI's face: no caller, no guard (the operator holds the database). */
    operator: createOperator(deps),
    /** The guarded operations of the administration and session routes. */
    administration,
    /** Webhook endpoints: the admins' side of events to the platform. */
    webhooks: createWebhookEndpoints(deps),
    /** Service clients: the credentials of the platform's services. */
    serviceClients: createServiceClients(deps),
    /** The platform's apps: the OAuth 2.1 / OpenID Connect clients the admins register. */
    apps: createApps(deps),
    /** The apps people authorized: their lists, and ending a grant. */
    appGrants: createAppGrants(deps),
    /** What those services ask: introspection and the revocation feed. */
    platform,
    /** POS terminals: pairing devices, staff PINs, the staff list, PIN sign-in and approvals at the till. */
    terminals: createTerminalService(deps, sessions.startSession, platform.countCall),

    /** `POST /auth/<role>/password`: the caller's own password, for a new pair. */
    changeOwnPassword: createOwnPasswordChange(deps, sessions.startSession),

    /** The caller's own profile, as login returned it. */
    async me<R extends Role>(role: R, { account }: Principal): Promise<ProfileOf<R> | { customer: GuestProfile }> {
      if (account.guest) return { customer: { id: account.id, guest: true } };
      return fullProfileOf(role, account);
    },

    /** Staff's `PATCH /auth/<role>/me`: their language saved, the profile as /me shows it. */
    async updateMe<R extends 'admin' | 'vendor'>(role: R, principal: Principal, body: unknown): Promise<ProfileOf<R>> {
      return fullProfileOf(role, await ownSettings.updateStaffMe(principal, body));
    },

    /** Guest sessions: a shopper's pair before any account. */
    startGuest: (client: ClientInfo) => guests.start(client),

    /** The proof-of-work challenge of sign-ups, code requests and sign-ins under attack. */
    challenges,

    /** Customers: registration, code sign-in and their own account. */
    customers: {
      ...customerSignUp,
      ...customerAccount,
      verifyRegistration: async (input: CodeSignIn, client: ClientInfo) =>
        linkedGuest(await customerSignUp.verifyRegistration(input, client), input.guest_token, client),
      verifyLoginCode: async (input: CodeSignIn, client: ClientInfo) =>
        linkedGuest(await customerSignUp.verifyLoginCode(input, client), input.guest_token, client),
    },

    /** Customers' OpenID providers: signing in with one, and the identities linked to an account. */
    oidc: {
      providers: identities.providers,
      start: (provider: string, input: { redirect_uri: string }, caller: FlowCaller) =>
        identities.start(provider, input.redirect_uri, 'sign_in', null, caller),
      async callback(
        provider: string,
        input: { code: string; state: string; iss?: string } & GuestTokenField,
        caller: FlowCaller,
      ) {
        const account = await identities.signingIn(provider, caller.client, () =>
          identities.finish(provider, input, 'sign_in', null, caller),
        );
        const signedIn = await loginResponseOf(
          'customer',
          await sessions.completeSignIn(account, caller.client, { method: 'oidc', provider }),
        );
        return linkedGuest(signedIn, input.guest_token, caller.client, { provider });
      },
      async idToken(
        provider: string,
        input: { id_token: string; nonce: string } & GuestTokenField,
        client: ClientInfo,
      ) {
        const account = await identities.signingIn(provider, client, () => identities.idTokenClaims(provider, input));
        const signedIn = await loginResponseOf(
          'customer',
          await sessions.completeSignIn(account, client, { method: 'oidc', provider }),
        );
        return linkedGuest(signedIn, input.guest_token, client, { provider });
      },
      /**
       * The pages' callback, for every provider: the flow its browser started, to sign in or to link
       * to the customer who started it there.
       */
      async browserCallback(
        answer: { code: string; state: string; iss?: string },
        caller: FlowCaller & { browserHash: string; guestToken?: string },
      ) {
        const flow = await identities.spend(answer.state, caller);
        const { provider } = flow;
        if (flow.purpose === 'sign_in') {
          const account = await identities.signingIn(provider, caller.client, () => identities.exchange(flow, answer));
          const signedIn = await loginResponseOf(
            'customer',
            await sessions.completeSignIn(account, caller.client, { method: 'oidc', provider }),
          );
          return { provider, signedIn: await linkedGuest(signedIn, caller.guestToken, caller.client, { provider }) };
        }
        const account = flow.accountId ? await deps.accounts.findById('customer', flow.accountId) : null;
        if (!account || account.disabled) throw new AuthError('invalid_token');
        await identities.link({ account, client: caller.client }, provider, await identities.exchange(flow, answer));
        return { provider, signedIn: undefined };
      },
      list: (principal: Principal) => identities.list(principal),
      linkStart: (principal: Principal, provider: string, input: { redirect_uri: string }, browserHash?: string) =>
        identities.start(provider, input.redirect_uri, 'link', principal.account.id, {
          client: principal.client,
          browserHash,
        }),
      async linkCallback(
        principal: Principal,
        provider: string,
        input: { code: string; state: string; iss?: string },
        browserHash?: string,
      ) {
        const claims = await identities.finish(provider, input, 'link', principal.account.id, {
          client: principal.client,
          browserHash,
        });
        return identities.link(principal, provider, claims);
      },
      async unlink(principal: Principal, identityId: string, body: unknown) {
        await customerAccount.confirmOwner(principal, body, principal.client, 'unlinkIdentity');
        await identities.unlink(principal, identityId);
      },
    },

    /** The stores and terminals the signed-in vendor account may work in; no module check. */
    vendorContext,

    /** Login with the profile under the role's key, as the contract shows it. */
    async loginWithProfile<R extends Role>(
      role: R,
      input: LoginRequest & GuestTokenField,
      client: ClientInfo,
    ): Promise<LoginResponseOf<R> | MfaChallenge | MfaEnrollmentChallenge> {
      await challenges.admit(client, input.challenge);
      const gate = role === 'customer' ? customerSignUp.loginGate : undefined;
      const signedIn = await sessions.login(role, input, client, gate);
      if (role === 'customer' && !('challenge' in signedIn))
        await guests.link(input.guest_token, signedIn.account.id, client);
      return answerOf(role, signedIn);
    },

    /** Accepting an invitation: the new account, signed in as its role's login answers. */
    async acceptInvitation<R extends 'admin' | 'vendor'>(role: R, input: AcceptInvitationRequest, client: ClientInfo) {
      const account = await administration.accept(role, input, client);
      return answerOf(role, await sessions.afterPassword(account, client));
    },

    /** `mfa/verify`: the second step of a sign-in, for the login response. */
    async mfaVerify<R extends Role>(
      role: R,
      input: { mfa_token: string; code?: string; recovery_code?: string },
      client: ClientInfo,
    ): Promise<LoginResponseOf<R>> {
      const { account, method } = await secondStep.verify(role, input, client);
      return loginResponseOf(role, await sessions.completeSignIn(account, client, { second_factor: method }));
    },

    /** `mfa/totp/setup`: a new secret for the signed-in account, or the one enrolling at sign-in. */
    async totpSetup(role: Role, bearerToken: string | undefined, input: { mfa_token?: string }, client: ClientInfo) {
      return totp.setup(await enrolleeOf(role, bearerToken, input.mfa_token, client));
    },

    /** `mfa/totp/confirm`: recovery codes, and while enrolling at sign-in the login response too. */
    async totpConfirm<R extends Role>(
      role: R,
      bearerToken: string | undefined,
      input: { code: string; mfa_token?: string },
      client: ClientInfo,
    ) {
      const enrollee = await enrolleeOf(role, bearerToken, input.mfa_token, client);
      const codes = await totp.confirm(enrollee, input.code);
      if (!enrollee.enrolment) return codes;
      return {
        ...codes,
        ...(await loginResponseOf(
          role,
          await sessions.completeSignIn(enrollee.account, client, { second_factor: 'totp' }),
        )),
      };
    },

    /** Passkeys: registering one (signed in, or while enrolling at sign-in), listing, removing, signing in with one. */
    async passkeyRegisterOptions(
      role: Role,
      bearerToken: string | undefined,
      input: { mfa_token?: string },
      client: ClientInfo,
    ) {
      return passkeys.registrationOptions(await enrolleeOf(role, bearerToken, input.mfa_token, client));
    },
    async passkeyRegister<R extends Role>(
      role: R,
      bearerToken: string | undefined,
      input: Parameters<typeof passkeys.register>[1] & { mfa_token?: string },
      client: ClientInfo,
    ) {
      const enrollee = await enrolleeOf(role, bearerToken, input.mfa_token, client);
      const registered = await passkeys.register(enrollee, input);
      if (!enrollee.enrolment) return registered;
      return {
        ...registered,
        ...(await loginResponseOf(
          role,
          await sessions.completeSignIn(enrollee.account, client, { second_factor: 'passkey' }),
        )),
      };
    },
    listPasskeys: (principal: Principal) => passkeys.list(principal),
    renamePasskey: (principal: Principal, passkeyId: string, input: { name: string }) =>
      passkeys.rename(principal, passkeyId, input.name),
    deletePasskey: (principal: Principal, passkeyId: string) => passkeys.remove(principal, passkeyId, principal.client),
    passkeyLoginOptions: (role: Role) => passkeys.loginOptions(role),
    async passkeyLogin<R extends Role>(
      role: R,
      input: Parameters<typeof passkeys.signedInAccount>[1] & GuestTokenField,
      client: ClientInfo,
    ): Promise<LoginResponseOf<R>> {
      const account = await passkeys.signedInAccount(role, input);
      const signedIn = await sessions.completeSignIn(account, client, { method: 'passkey' });
      if (role === 'customer') await guests.link(input.guest_token, account.id, client);
      return loginResponseOf(role, signedIn);
    },

    /** Removing the authenticator app and replacing recovery codes, with the password. */
    removeTotp: (principal: Principal, input: { password: string }) => totp.remove(principal, input.password),
    regenerateRecoveryCodes: (principal: Principal, input: { password: string }) =>
      totp.regenerateRecoveryCodes(principal, input.password),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

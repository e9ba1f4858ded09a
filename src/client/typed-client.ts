// The typed client for outside callers (POS terminals, single-page apps): one method per REST route,
// grouped by role and derived from the route table: `client.vendor.login(...)`, `client.vendor.context()`,
// `client.admin.listAdmins(...)`, `client.customer.register(...)`.
import type { Role, TokenPair } from '../contract/auth-schemas';
import type { RestRoute } from '../contract/route';
import { ROUTES, type Routes } from '../contract/routes';
import { memoryDeviceIdStore, type DeviceIdStore } from './device-id-store';
import { readBaseUrlEnvironment, resolveApiRoot } from './base-url';
import { bearerApi } from './bearer-api';
import { terminalApi } from './terminal-api';
import { customerApi } from './customer-api';
import { createSessionKeeper, type SessionExpired, type SessionKeeper } from './session';
import { memoryTokenStore, type TokenStore } from './token-store';
import { createTransport, type BodyOf, type FetchLike, type ResultOf, type Transport } from './transport';

export interface AuthClientOptions {
  /** Origin or API root (`https://api.example.com` or `.../api/v1`); see resolveApiRoot for the default. */
  baseUrl?: string;
  /** Where each role's pair lives; memory by default. */
  tokenStore?: TokenStore;
  /** Called once when a refresh is refused and the stored pair has been cleared: time to sign in again. */
  onSessionExpired?: (event: SessionExpired) => void;
  /** The fetch to use (tests count requests through it; apps add logging or timeouts). */
  fetch?: FetchLike;
  /** Where each role's device id is kept between sign-ins; memory by default. */
  deviceIds?: DeviceIdStore;
  /**
   * Solve the proof-of-work challenge the service asks sign-up, code requests and sign-in for under
   * attack (428 challenge_required), and send the call again with it; default true. false: the
   * AuthClientError reaches the caller, with the challenge in `problem.challenge`.
   */
  solveChallenges?: boolean;
}

interface ClientParts {
  send: Transport['send'];
  store: TokenStore;
  deviceIds: DeviceIdStore;
  session: SessionKeeper;
}

/**
 * Signing in for a role: the request carries the role's device id, and an answer with a session
 * has its pair and device id kept (the second-factor step's answer carries neither).
 */
function sessionKeeping(role: Role, { send, store, deviceIds }: Pick<ClientParts, 'send' | 'store' | 'deviceIds'>) {
  async function keep(result: unknown) {
    if (typeof result !== 'object' || result === null || !('access_token' in result)) return;
    const pair = result as TokenPair & { device_id: string };
    await store.set(role, { access_token: pair.access_token, refresh_token: pair.refresh_token });
    await deviceIds.set(role, pair.device_id);
  }
  async function signIn<R extends RestRoute>(route: R, body: BodyOf<R>): Promise<ResultOf<R>> {
    const result = await send<R>(route, { body, deviceId: await deviceIds.get(role) });
    await keep(result);
    return result;
  }
  return { keep, signIn };
}

/**
 * A staff role's second-factor steps that sign in or enrol with an `mfa_token` (the bearer ones come from the table).
 */
function secondStepApi<T extends Routes['admin'] | Routes['vendor']>(role: Role, routes: T, parts: ClientParts) {
  const { send } = parts;
  const { keep, signIn } = sessionKeeping(role, parts);
  return {
    /** The second step of a sign-in (`mfa_token` and a code): stores the pair and the device id like login. */
    mfaVerify: (body: BodyOf<T['mfaVerify']>): Promise<ResultOf<T['mfaVerify']>> =>
      signIn<T['mfaVerify']>(routes.mfaVerify, body),
    /**
     * Enrolling an authenticator app while signing in, with the login's `mfa_token` (signed in: the bearer methods).
     */
    totpSetup: (body: BodyOf<T['totpSetup']>): Promise<ResultOf<T['totpSetup']>> =>
      send<T['totpSetup']>(routes.totpSetup, { body }),
    /** Confirms the enrolment; with an `mfa_token`, the answer carries the login response, stored like login's. */
    async totpConfirm(body: BodyOf<T['totpConfirm']>): Promise<ResultOf<T['totpConfirm']>> {
      const result = await send<T['totpConfirm']>(routes.totpConfirm, { body });
      await keep(result);
      return result;
    },
  };
}

/**
 * The routes of one role that store or drop tokens, typed by that role's routes (admin and vendor
 * differ in bodies and results): signing in and out, the password change and the password reset.
 */
function publicApi<T extends Routes['admin'] | Routes['vendor'] | Routes['customer']>(
  role: Role,
  routes: T,
  parts: ClientParts,
) {
  const { send, store, session } = parts;
  const { signIn } = sessionKeeping(role, parts);
  return {
    /** Signs in and stores the pair and the device id. A 401 here is bad credentials: it never triggers a refresh. */
    login: (body: BodyOf<T['login']>): Promise<ResultOf<T['login']>> => signIn<T['login']>(routes.login, body),
    /** Rotates the stored pair now (sharing a refresh already in flight). Rarely needed: 401s do it. */
    refresh: (): Promise<TokenPair> => session.refresh(role),
    /** Revokes the stored session on the server and forgets it here, whatever the server says. */
    async logout(): Promise<void> {
      const tokens = await store.get(role);
      if (!tokens) return;
      try {
        await send(routes.logout, { body: { refresh_token: tokens.refresh_token } });
      } finally {
        await store.clear(role);
      }
    },
    /**
     * Changes the signed-in account's password and stores the new pair (every other session ends).
     * A wrong current password goes to the caller without a refresh, as for every bearer route.
     */
    async changePassword(body: BodyOf<T['changePassword']>): Promise<TokenPair> {
      const pair: TokenPair = await session.sendAuthenticated<typeof routes.changePassword>(
        role,
        routes.changePassword,
        { body },
      );
      await store.set(role, { access_token: pair.access_token, refresh_token: pair.refresh_token });
      return pair;
    },
    // The password-reset steps go straight to the transport: a 401 (wrong code, spent reset token)
    // belongs to the caller and must not refresh the session (docs/interface.md, "Clients").
    passwordReset: {
      request: (body: BodyOf<T['requestReset']>): Promise<ResultOf<T['requestReset']>> =>
        send<T['requestReset']>(routes.requestReset, { body }),
      verify: (body: BodyOf<T['verifyReset']>): Promise<ResultOf<T['verifyReset']>> =>
        send<T['verifyReset']>(routes.verifyReset, { body }),
      complete: (body: BodyOf<T['completeReset']>): Promise<ResultOf<T['completeReset']>> =>
        send<T['completeReset']>(routes.completeReset, { body }),
    },
  };
}

export function createAuthClient(options: AuthClientOptions = {}) {
  const apiRoot = resolveApiRoot({ explicit: options.baseUrl, ...readBaseUrlEnvironment() });
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const transport = createTransport(apiRoot, fetchImpl, { solveChallenges: options.solveChallenges });
  const store = options.tokenStore ?? memoryTokenStore();
  const session = createSessionKeeper({ transport, store, onSessionExpired: options.onSessionExpired });
  const deps = { send: transport.send, store, session, deviceIds: options.deviceIds ?? memoryDeviceIdStore() };
  return {
    /** The API root requests go to, after the base-address rule. */
    apiRoot,
    // The bearer routes' methods come from the table; the few that store tokens are written out and win.
    admin: {
      ...bearerApi('admin', ROUTES.admin, session),
      ...publicApi('admin', ROUTES.admin, deps),
      ...secondStepApi('admin', ROUTES.admin, deps),
    },
    vendor: {
      ...bearerApi('vendor', ROUTES.vendor, session),
      ...publicApi('vendor', ROUTES.vendor, deps),
      ...secondStepApi('vendor', ROUTES.vendor, deps),
    },
    /** Customers: the same, plus registration and sign-in codes. */
    customer: {
      ...bearerApi('customer', ROUTES.customer, session),
      ...publicApi('customer', ROUTES.customer, deps),
      ...customerApi(transport.send, store, session),
    },
    /** A paired POS terminal: pairing, its staff list and PIN sign-in (the session is the vendor's). */
    terminal: terminalApi(transport.send, store),
    health: () => transport.send(ROUTES.service.health),
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;

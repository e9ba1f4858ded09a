// The typed client for outside callers (POS terminals, single-page apps): one method per REST route,
// grouped by role and derived from the route table: `client.vendor.login(...)`, `client.vendor.context()`,
// `client.admin.listAdmins(...)`.
import type { Role, TokenPair } from '../contract/auth-schemas';
import { ROUTES, type Routes } from '../contract/routes';
import { readBaseUrlEnvironment, resolveApiRoot } from './base-url';
import { bearerApi } from './bearer-api';
import { terminalApi } from './terminal-api';
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
}

interface ClientParts {
  send: Transport['send'];
  store: TokenStore;
  session: SessionKeeper;
}

/**
 * The routes of one role that take no access token, typed by that role's routes (admin and vendor
 * differ in bodies and results): signing in and out, and the password reset.
 */
function publicApi<T extends Routes['admin'] | Routes['vendor']>(role: Role, routes: T, { send, store, session }: ClientParts) {
  return {
    /** Signs in and stores the pair. A 401 here is bad credentials: it never triggers a refresh. */
    async login(body: BodyOf<T['login']>): Promise<ResultOf<T['login']>> {
      const result = await send<T['login']>(routes.login, { body });
      const pair = result as TokenPair; // every role's login result extends the token pair
      await store.set(role, { access_token: pair.access_token, refresh_token: pair.refresh_token });
      return result;
    },
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
    // The password-reset steps go straight to the transport: a 401 (wrong code, spent reset token)
    // belongs to the caller and must not refresh the session (docs/interface.md, "Clients").
    passwordReset: {
      request: (body: BodyOf<T['requestReset']>): Promise<ResultOf<T['requestReset']>> => send<T['requestReset']>(routes.requestReset, { body }),
      verify: (body: BodyOf<T['verifyReset']>): Promise<ResultOf<T['verifyReset']>> => send<T['verifyReset']>(routes.verifyReset, { body }),
      complete: (body: BodyOf<T['completeReset']>): Promise<ResultOf<T['completeReset']>> => send<T['completeReset']>(routes.completeReset, { body }),
    },
  };
}

export function createAuthClient(options: AuthClientOptions = {}) {
  const apiRoot = resolveApiRoot({ explicit: options.baseUrl, ...readBaseUrlEnvironment() });
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const transport = createTransport(apiRoot, fetchImpl);
  const store = options.tokenStore ?? memoryTokenStore();
  const session = createSessionKeeper({ transport, store, onSessionExpired: options.onSessionExpired });
  const deps = { send: transport.send, store, session };
  return {
    /** The API root requests go to, after the base-address rule. */
    apiRoot,
    admin: { ...publicApi('admin', ROUTES.admin, deps), ...bearerApi('admin', ROUTES.admin, session) },
    vendor: { ...publicApi('vendor', ROUTES.vendor, deps), ...bearerApi('vendor', ROUTES.vendor, session) },
    /** A paired POS terminal: pairing, its staff list and PIN sign-in (the session is the vendor's). */
    terminal: terminalApi(transport.send, store),
    health: () => transport.send(ROUTES.service.health),
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;

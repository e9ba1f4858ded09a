// Refresh-on-401 (docs/interface.md, "Clients"): an authenticated call that fails with 401
// refreshes its role's pair once, with at most one refresh in flight, and is retried once. No
// timers.
import type { Role, TokenPair } from '../contract/auth-schemas';
import { AuthClientError, isAuthClientError } from './client-error';
import type { RestRoute } from '../contract/route';
import { ROUTES } from '../contract/routes';
import { createRefreshCoordinator, refreshMayCure } from './refresh-coordinator';
import type { TokenStore } from './token-store';
import type { ResultOf, SendOptions, Transport } from './transport';

export interface SessionExpired {
  role: Role;
  /** Why the refresh was refused (invalid_refresh_token, or validation_failed for a mangled token). */
  error: AuthClientError;
}

export interface SessionOptions {
  transport: Transport;
  store: TokenStore;
  onSessionExpired?: (event: SessionExpired) => void;
}

/**
 * Only a refusal of the refresh token ends the session. A network failure, 429 or 5xx during the
 * refresh leaves the stored pair alone: the session may be fine, and a later call can refresh again.
 */
const endsSession = (error: unknown): error is AuthClientError =>
  isAuthClientError(error) && (error.status === 401 || error.status === 400);

export function createSessionKeeper({ transport, store, onSessionExpired }: SessionOptions) {
  async function rotate(role: Role): Promise<TokenPair> {
    const current = await store.get(role);
    if (!current)
      throw new AuthClientError(401, 'invalid_refresh_token', `No ${role} session is stored; sign in first.`);
    try {
      const pair = await transport.send(ROUTES[role].refresh, { body: { refresh_token: current.refresh_token } });
      await store.set(role, { access_token: pair.access_token, refresh_token: pair.refresh_token });
      return pair;
    } catch (error) {
      if (endsSession(error)) {
        await store.clear(role);
        try {
          onSessionExpired?.({ role, error });
        } catch (callbackError) {
          // The app's callback failing must not replace the refusal the callers are waiting for.
          queueMicrotask(() => {
            throw callbackError;
          });
        }
      }
      throw error;
    }
  }

  const coordinator = createRefreshCoordinator({
    tokenOf: async (role) => (await store.get(role))?.access_token,
    rotate,
  });

  /** Sends a bearer route with the stored access token, refreshing and retrying once on a 401 a refresh may cure. */
  async function sendAuthenticated<R extends RestRoute>(
    role: Role,
    route: R,
    input: Omit<SendOptions, 'accessToken'> = {},
  ): Promise<ResultOf<R>> {
    const tokens = await store.get(role);
    try {
      return await transport.send(route, { ...input, accessToken: tokens?.access_token });
    } catch (error) {
      if (!tokens || !isAuthClientError(error) || !refreshMayCure(error.status, error.code)) throw error;
      if (!(await coordinator.renew(role, tokens.access_token))) throw error;
      // The one retry: a second 401 goes to the caller as it is, so a broken session cannot loop.
      return transport.send(route, { ...input, accessToken: (await store.get(role))?.access_token });
    }
  }

  return { refresh: coordinator.refresh, sendAuthenticated };
}

export type SessionKeeper = ReturnType<typeof createSessionKeeper>;

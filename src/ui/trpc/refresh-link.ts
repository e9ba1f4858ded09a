// The refresh-on-401 link (docs/interface.md, "Clients"): a request refused with 401 waits for the
// role's one refresh in flight, then is retried once with the new token. Login and the
// password-reset steps never trigger a refresh: a 401 there is a wrong password or code, not an
// expired session.
import type { TRPCClientError, TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { createRefreshCoordinator, refreshMayCure } from '@/client/refresh-coordinator';
import { ROLES, type Role } from '@/contract/auth-schemas';
import type { RestRoute } from '@/contract/route';
import { ROUTES } from '@/contract/routes';
import type { AppRouter } from '@/server/trpc/router';
import { accessTokens, refreshAccessToken } from './session-client';

/**
 * The role whose access token `path` needs, or null for procedures that need none: the route table
 * says which. The enrolment routes take a Bearer token or an mfa_token: a signed-in page asks for
 * the token with the call's context `{ signedIn: true }`.
 */
export function bearerRoleOf(path: string, context: Record<string, unknown> = {}): Role | null {
  const [role, procedure = ''] = path.split('.');
  const known = ROLES.find((r) => r === role);
  const route = known ? (ROUTES[known] as Record<string, RestRoute>)[procedure] : undefined;
  return known && (route?.auth === 'bearer' || (route && context.signedIn === true)) ? known : null;
}

/** The call context of a signed-in page's call to a route that also takes an mfa_token. */
export const SIGNED_IN = { context: { signedIn: true } } as const;

/** A 401 a refresh may cure (the one rule of the typed client too). */
const isUnauthorized = (error: { data?: { httpStatus?: number; code?: string } | null }): boolean =>
  refreshMayCure(error.data?.httpStatus, error.data?.code);

export interface RefreshLinkOptions {
  /** Called once per refused refresh: the session is over and the user must sign in again. */
  onSessionLost: (role: Role, hadToken: boolean) => void;
}

export function refreshOnUnauthorizedLink({ onSessionLost }: RefreshLinkOptions): TRPCLink<AppRouter> {
  // One shared refresh per role: every request waiting on a 401 joins the run in flight.
  const coordinator = createRefreshCoordinator({
    tokenOf: (role) => accessTokens.get(role),
    async rotate(role) {
      const hadToken = accessTokens.get(role) !== undefined;
      try {
        await refreshAccessToken(role);
      } catch (error) {
        // Only a refused refresh ends the session; a network fault leaves the page to retry.
        if (isUnauthorized(error as { data?: { httpStatus?: number } })) onSessionLost(role, hadToken);
        throw error;
      }
    },
  });

  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const role = bearerRoleOf(op.path, op.context);
        if (!role) return next(op).subscribe(observer);
        let current: Unsubscribable | undefined;
        let closed = false;

        const attempt = (retried: boolean) => {
          const token = accessTokens.get(role);
          current = next({ ...op, context: { ...op.context, accessToken: token } }).subscribe({
            next: (value) => observer.next(value),
            complete: () => observer.complete(),
            error: (error) => {
              if (retried || !isUnauthorized(error)) return observer.error(error);
              coordinator.renew(role, token).then(
                (renewed) => (renewed ? !closed && attempt(true) : observer.error(error)),
                () => observer.error(error),
              );
            },
          });
        };

        // After a reload the token is gone: fetch one through the cookie before the first request.
        if (accessTokens.get(role)) attempt(false);
        else
          coordinator.refresh(role).then(
            () => !closed && attempt(true),
            (error) => observer.error(error as TRPCClientError<AppRouter>),
          );

        return () => {
          closed = true;
          current?.unsubscribe();
        };
      });
}

/** The Authorization header of an operation the refresh link prepared. */
export function bearerHeaderOf(context: Record<string, unknown>): Record<string, string> {
  const token = context.accessToken;
  return typeof token === 'string' ? { authorization: `Bearer ${token}` } : {};
}

// Refresh-on-401 with one refresh in flight per role: the rule both the typed client and the
// pages' tRPC link follow. A call refused with 401 waits for its role's one refresh (or for one
// that already replaced its token) and is retried once by its caller.
import { ROLES, type Role } from '../contract/auth-schemas';

/** Wraps `task` so that calls made while one run is pending share that run's result. */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= task().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/**
 * Whether a refresh may cure a refused call: a 401 whose token expired or was refused. A wrong
 * current password (invalid_credentials) is not: a retry would count as a second failed sign-in;
 * nor a passkey that failed verification or a till's credential, which no access token changes.
 */
const NOT_CURED_BY_REFRESH = ['invalid_credentials', 'invalid_passkey', 'invalid_terminal_token'];
export const refreshMayCure = (status: number | undefined, code: string | undefined) =>
  status === 401 && !NOT_CURED_BY_REFRESH.includes(code ?? '');

export interface RefreshCoordinatorOptions<T> {
  /** The access token the role holds now, if any. */
  tokenOf: (role: Role) => string | undefined | Promise<string | undefined>;
  /** Trades the role's refresh token for a new pair; throws when refused. */
  rotate: (role: Role) => Promise<T>;
}

export function createRefreshCoordinator<T>({ tokenOf, rotate }: RefreshCoordinatorOptions<T>) {
  const flights = Object.fromEntries(ROLES.map((role) => [role, singleFlight(() => rotate(role))])) as Record<
    Role,
    () => Promise<T>
  >;
  return {
    /** Refreshes now, sharing a refresh already in flight. */
    refresh: (role: Role): Promise<T> => flights[role](),
    /**
     * Whether a retry of a call refused with 401 while holding `rejected` can go ahead: true once a
     * newer token is there (another caller's refresh, or the one shared refresh); false when the
     * session ended meanwhile (the token was cleared, so the refusal was already reported once).
     */
    async renew(role: Role, rejected: string | undefined): Promise<boolean> {
      const latest = await tokenOf(role);
      if (latest === undefined && rejected !== undefined) return false;
      // A 401 that arrives after a refresh finished must not start a second one with the new token.
      if (latest !== undefined && latest !== rejected) return true;
      await flights[role]();
      return true;
    },
  };
}

// Refresh and logout, served at the role's session endpoint: the only procedures that read the
// refresh-token cookie, which is scoped to that endpoint's path.
import { AuthError, isAuthError } from '@/core/auth-error';
import type { Role } from '@/contract/auth-schemas';
import type { Context } from '../context';
import { publicProcedure, router } from '../init';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from '../refresh-cookie';
import { clearGuestCookie, guestCookieOf, setGuestCookie } from '../guest-cookie';

/** A customer's browser without a customer session may hold a guest's: refreshed and ended here alike. */
const guestSessionOf = (ctx: Context, role: Role) =>
  role === 'customer' && !refreshCookieOf(ctx, role) ? guestCookieOf(ctx) : undefined;

function sessionRoleOf(ctx: Context): Role {
  if (!ctx.sessionRole) throw new AuthError('not_found', 'Refresh and logout are served at /api/trpc/session/<role>.');
  return ctx.sessionRole;
}

const isInvalidRefresh = (error: unknown) => isAuthError(error) && error.code === 'invalid_refresh_token';

export const sessionRouter = router({
  /** Rotates the cookie's refresh token; the new access token goes to the page's memory only. */
  refresh: publicProcedure.mutation(async ({ ctx }) => {
    const role = sessionRoleOf(ctx);
    const guest = guestSessionOf(ctx, role);
    if (guest) {
      try {
        const { refresh_token: refreshToken, ...access } = await ctx.auth.refresh(role, guest, ctx.client);
        setGuestCookie(ctx, refreshToken, ctx.config.customers.guestMaxAge);
        return access;
      } catch (error) {
        if (isInvalidRefresh(error)) clearGuestCookie(ctx);
        throw error;
      }
    }
    try {
      const presented = refreshCookieOf(ctx, role);
      if (!presented) throw new AuthError('invalid_refresh_token', 'There is no session to refresh: sign in again.');
      const { refresh_token: refreshToken, ...access } = await ctx.auth.refresh(role, presented, ctx.client);
      setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
      return access;
    } catch (error) {
      if (isInvalidRefresh(error)) clearRefreshCookie(ctx, role); // a dead token is no use to keep
      throw error;
    }
  }),

  /** Revokes the session's token family and clears the cookie; signing out twice is no error. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const role = sessionRoleOf(ctx);
    const presented = refreshCookieOf(ctx, role) ?? guestSessionOf(ctx, role);
    clearRefreshCookie(ctx, role);
    if (role === 'customer') clearGuestCookie(ctx);
    try {
      if (presented) await ctx.auth.logout(role, presented, ctx.client);
    } catch (error) {
      if (!isInvalidRefresh(error)) throw error;
    }
    return { success: true as const };
  }),
});

export type SessionRouter = typeof sessionRouter;

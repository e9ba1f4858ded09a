// Procedures every role has: login (the refresh token and device marker go into cookies, never the body), the
// profile, the caller's own sessions, and the three password-reset steps.
import type { z } from 'zod';
import type { pageQuery } from '@/core/admin-schemas';
import { changePasswordRequest, loginRequest, resetCompleteRequest, resetIdentityOf, type Role } from '@/core/schemas';
import { bearerOf, callerOf, contractInput, idOf, publicProcedure, serviceInput } from '../init';
import { deviceCookieOf, setDeviceCookie } from '../device-cookie';
import { setRefreshCookie } from '../refresh-cookie';

type ResetBody = { email: string; admin_type?: string; vendor_type?: string };

/** `R` keeps the role's own types: `admin.me` answers `{admin}`, `vendor.me` answers `{vendor}`. */
export function accountProcedures<R extends Role>(role: R) {
  return {
    login: publicProcedure.input(contractInput(loginRequest)).mutation(async ({ ctx, input }) => {
      const client = { ...ctx.client, deviceId: deviceCookieOf(ctx, role) };
      const { refresh_token: refreshToken, device_id: deviceId, ...session } = await ctx.auth.loginWithProfile(role, input, client);
      setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
      setDeviceCookie(ctx, role, deviceId);
      return session;
    }),

    me: publicProcedure.query(({ ctx }) => ctx.auth.me(role, bearerOf(ctx))),

    /** The caller's own password: the new session's refresh token goes into the cookie, as at login. */
    changePassword: publicProcedure.input(contractInput(changePasswordRequest)).mutation(async ({ ctx, input }) => {
      const { refresh_token: refreshToken, ...session } = await ctx.auth.changeOwnPassword(role, bearerOf(ctx), input, ctx.client);
      setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
      return session;
    }),

    /** The caller's active sign-in sessions, a page at a time. */
    sessions: publicProcedure
      .input(serviceInput<z.input<typeof pageQuery>>())
      .query(({ ctx, input }) => ctx.auth.administration.listOwnSessions(callerOf(ctx, role), input)),

    /** Ends one of the caller's sessions: it can no longer refresh. */
    endSession: publicProcedure
      .input(serviceInput<{ session_id: string }>())
      .mutation(async ({ ctx, input }) => {
        await ctx.auth.administration.endOwnSession(callerOf(ctx, role), idOf(input.session_id));
        return { success: true as const };
      }),
  };
}

/** Steps 1-3 of the reset; the request schemas differ by role only in the type field's name. */
export function resetProcedures<Req extends z.ZodType<ResetBody>, Verify extends z.ZodType<ResetBody & { code: string }>>(
  role: Role,
  requestSchema: Req,
  verifySchema: Verify,
) {
  return {
    requestReset: publicProcedure
      .input(contractInput(requestSchema))
      .mutation(({ ctx, input }) => ctx.auth.requestReset(role, resetIdentityOf(input), ctx.client)),

    verifyCode: publicProcedure
      .input(contractInput(verifySchema))
      .mutation(({ ctx, input }) => ctx.auth.verifyCode(role, { ...resetIdentityOf(input), code: input.code })),

    completeReset: publicProcedure
      .input(contractInput(resetCompleteRequest))
      .mutation(({ ctx, input }) => ctx.auth.completeReset(role, input)),
  };
}

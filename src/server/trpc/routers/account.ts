// Procedures every role has: login (the refresh token goes into the cookie, never the body), the
// profile, and the three password-reset steps.
import type { z } from 'zod';
import { loginRequest, resetCompleteRequest, type Role } from '@/core/schemas';
import { resetIdentityOf } from '../../rest/reset-bodies';
import { bearerOf, contractInput, publicProcedure } from '../init';
import { setRefreshCookie } from '../refresh-cookie';

type ResetBody = { email: string; admin_type?: string; vendor_type?: string };

export function accountProcedures(role: Role) {
  return {
    login: publicProcedure.input(contractInput(loginRequest)).mutation(async ({ ctx, input }) => {
      const { refresh_token: refreshToken, ...session } = await ctx.auth.loginWithProfile(role, input, ctx.client);
      setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
      return session;
    }),

    me: publicProcedure.query(({ ctx }) => ctx.auth.me(role, bearerOf(ctx))),
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

// The pages' procedures that start a session: signing in (by password or by a customer's mailed
// code) and changing one's own password. Their refresh token goes into the role's cookie (and, at
// sign-in, the device marker into its own), never into the body the page's script can read.
import type { z } from 'zod';
import { loginRequest, type changePasswordRequest, type Role } from '@/contract/auth-schemas';
import { emailCodeRequest } from '@/contract/customer-schemas';
import { deviceCookieOf, setDeviceCookie } from '../device-cookie';
import { contractInput, passedInput, protectedProcedure, publicProcedure } from '../init';
import { setRefreshCookie } from '../refresh-cookie';

/** `R` keeps the role's own types: `admin.login` answers `{admin}`, `vendor.login` answers `{vendor}`. */
export function loginProcedure<R extends Role>(role: R) {
  return publicProcedure.input(contractInput(loginRequest)).mutation(async ({ ctx, input }) => {
    const client = { ...ctx.client, deviceId: deviceCookieOf(ctx, role) };
    const answer = await ctx.auth.loginWithProfile(role, input, client);
    // The second-factor step carries no session yet: nothing goes into a cookie.
    if (!('access_token' in answer)) return answer;
    const { refresh_token: refreshToken, device_id: deviceId, ...session } = answer;
    setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
    setDeviceCookie(ctx, role, deviceId);
    return session;
  });
}

/** The caller's own password: every earlier session ends, and the new one's refresh token goes into the cookie. */
export function changePasswordProcedure(role: Role) {
  return protectedProcedure(role)
    .input(passedInput<z.input<typeof changePasswordRequest>>())
    .mutation(async ({ ctx, input }) => {
      const { refresh_token: refreshToken, ...session } = await ctx.auth.changeOwnPassword(ctx.principal, input, ctx.client);
      setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
      return session;
    });
}

/** A customer's mailed code that signs in (registration or sign-in code): the refresh token goes into the cookie. */
export function customerCodeSignInProcedure(kind: 'verifyRegistration' | 'verifyLoginCode') {
  return publicProcedure.input(contractInput(emailCodeRequest)).mutation(async ({ ctx, input }) => {
    const { refresh_token: refreshToken, ...session } = await ctx.auth.customers[kind](input, ctx.client);
    setRefreshCookie(ctx, 'customer', refreshToken, ctx.config.jwt.refreshTtl);
    return session;
  });
}

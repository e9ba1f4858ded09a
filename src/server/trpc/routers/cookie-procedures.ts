// The pages' procedures that start a session: signing in (with its second step and enrolment, or
// by a customer's mailed code) and changing one's own password. Their refresh token goes into the role's cookie (and, at sign-in,
// the device marker into its own), never into the body the page's script can read.
import type { z } from 'zod';
import { loginRequest, type changePasswordRequest, type Role } from '@/contract/auth-schemas';
import { emailCodeRequest } from '@/contract/customer-schemas';
import { mfaVerifyRequest, totpConfirmRequest } from '@/contract/factor-schemas';
import type { LoginResponseOf } from '@/core/service';
import type { Context } from '../context';
import { deviceCookieOf, setDeviceCookie } from '../device-cookie';
import { contractInput, passedInput, protectedProcedure, publicProcedure } from '../init';
import { setRefreshCookie } from '../refresh-cookie';

/** A new session of the pages: the refresh token and device marker into cookies, the rest to the page. */
function sessionIntoCookies<S extends object>(ctx: Context, role: Role, answer: S): Omit<S, 'refresh_token' | 'device_id'> {
  const { refresh_token: refreshToken, device_id: deviceId, ...session } = answer as S & { refresh_token: string; device_id: string };
  setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
  setDeviceCookie(ctx, role, deviceId);
  return session;
}

/** `R` keeps the role's own types: `admin.login` answers `{admin}`, `vendor.login` answers `{vendor}`. */
export function loginProcedure<R extends Role>(role: R) {
  return publicProcedure.input(contractInput(loginRequest)).mutation(async ({ ctx, input }) => {
    const client = { ...ctx.client, deviceId: deviceCookieOf(ctx, role) };
    const answer = await ctx.auth.loginWithProfile(role, input, client);
    // The second-factor step carries no session yet: nothing goes into a cookie.
    if (!('access_token' in answer)) return answer;
    return sessionIntoCookies(ctx, role, answer);
  });
}

/** The step after the password: a code from the authenticator app or a recovery code, for the session. */
export function mfaVerifyProcedure<R extends Role>(role: R) {
  return publicProcedure.input(contractInput(mfaVerifyRequest)).mutation(async ({ ctx, input }) =>
    sessionIntoCookies(ctx, role, await ctx.auth.mfaVerify(role, input, ctx.client)),
  );
}

/**
 * Confirming an authenticator app: the recovery codes, and while enrolling at sign-in (with the
 * mfa_token) the session too, whose refresh token goes into the cookie.
 */
export function totpConfirmProcedure<R extends Role>(role: R) {
  type Codes = { recovery_codes: string[] };
  type Answer = Codes | (Codes & Omit<LoginResponseOf<R>, 'refresh_token' | 'device_id'>);
  return publicProcedure.input(contractInput(totpConfirmRequest)).mutation(async ({ ctx, input }): Promise<Answer> => {
    const answer = await ctx.auth.totpConfirm(role, ctx.accessToken, input, ctx.client);
    return 'access_token' in answer ? sessionIntoCookies(ctx, role, answer) : answer;
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

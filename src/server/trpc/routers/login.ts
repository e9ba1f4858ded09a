// Signing in from the pages: the refresh token goes into the role's cookie, never the body.
import { loginRequest, type Role } from '@/contract/auth-schemas';
import { contractInput, publicProcedure } from '../init';
import { setRefreshCookie } from '../refresh-cookie';

/** `R` keeps the role's own types: `admin.login` answers `{admin}`, `vendor.login` answers `{vendor}`. */
export function loginProcedure<R extends Role>(role: R) {
  return publicProcedure.input(contractInput(loginRequest)).mutation(async ({ ctx, input }) => {
    const { refresh_token: refreshToken, ...session } = await ctx.auth.loginWithProfile(role, input, ctx.client);
    setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
    return session;
  });
}

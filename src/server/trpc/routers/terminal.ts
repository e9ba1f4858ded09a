// The pages' side of a paired till: pairing this browser (the credential goes into an httpOnly,
// SameSite=Strict cookie the page's script never sees), its staff list, and PIN sign-in, whose
// refresh token goes into the vendor cookie as a password sign-in's does.
import { AuthError } from '@/core/errors';
import { pairRequest, pinLoginRequest } from '@/contract/terminal-schemas';
import { TRPC_ENDPOINT } from '@/contract/trpc-endpoints';
import type { Context } from '../context';
import { contractInput, publicProcedure, router } from '../init';
import { setRefreshCookie } from '../refresh-cookie';

export const TERMINAL_COOKIE = 'terminal_token';
/** Browsers cap cookie lifetimes near 400 days; the credential itself does not expire. */
const TERMINAL_COOKIE_MAX_AGE = 400 * 24 * 3600;

function terminalCookie(ctx: Context, value: string, maxAge: number) {
  const attributes = [`${TERMINAL_COOKIE}=${encodeURIComponent(value)}`, `Path=${TRPC_ENDPOINT}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  ctx.resHeaders.append('set-cookie', [...attributes, ...(ctx.secureCookies ? ['Secure'] : [])].join('; '));
}

/** This browser's paired terminal; 401 invalid_token when it is not paired (or no longer). */
async function deviceOf(ctx: Context) {
  const token = ctx.cookies[TERMINAL_COOKIE];
  if (!token) throw new AuthError('invalid_token', 'This device is not paired with a terminal.');
  try {
    return await ctx.auth.terminals.authenticateTerminal(token);
  } catch (error) {
    terminalCookie(ctx, '', 0); // a revoked credential is no use to keep
    throw error;
  }
}

export const terminalRouter = router({
  pair: publicProcedure.input(contractInput(pairRequest)).mutation(async ({ ctx, input }) => {
    const { terminal_token: terminalToken, terminal } = await ctx.auth.terminals.pair(input);
    terminalCookie(ctx, terminalToken, TERMINAL_COOKIE_MAX_AGE);
    return { terminal };
  }),

  staff: publicProcedure.query(async ({ ctx }) => ctx.auth.terminals.staff(await deviceOf(ctx))),

  pinLogin: publicProcedure.input(contractInput(pinLoginRequest)).mutation(async ({ ctx, input }) => {
    const { refresh_token: refreshToken, ...session } = await ctx.auth.terminals.pinLogin(await deviceOf(ctx), input, ctx.client);
    setRefreshCookie(ctx, 'vendor', refreshToken, ctx.config.terminals.pinSessionMaxAge);
    return session;
  }),
});

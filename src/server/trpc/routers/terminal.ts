// The pages' side of a paired till: pairing this browser (the credential goes into an httpOnly,
// SameSite=Strict cookie the page's script never sees), its staff list, and PIN sign-in, whose
// refresh token goes into the vendor cookie as a password sign-in's does.
import type { z } from 'zod';
import type { pairRequest, pinLoginRequest } from '@/contract/terminal-schemas';
import { TRPC_ENDPOINT } from '@/contract/trpc-endpoints';
import type { Context } from '../context';
import { passedInput, publicProcedure, router } from '../init';
import { appendCookie, setRefreshCookie } from '../refresh-cookie';

export const TERMINAL_COOKIE = 'terminal_token';
/** Browsers cap cookie lifetimes near 400 days; the credential itself does not expire. */
const TERMINAL_COOKIE_MAX_AGE = 400 * 24 * 3600;

const terminalCookie = (ctx: Context, value: string, maxAgeSeconds: number) =>
  appendCookie(ctx, TERMINAL_COOKIE, value, { path: TRPC_ENDPOINT, maxAgeSeconds });

/** This browser's paired terminal; 401 invalid_terminal_token when it is not paired (or no longer). */
async function deviceOf(ctx: Context) {
  const token = ctx.cookies[TERMINAL_COOKIE];
  try {
    return await ctx.auth.terminals.authenticateTerminal(token);
  } catch (error) {
    if (token) terminalCookie(ctx, '', 0); // a revoked credential is no use to keep
    throw error;
  }
}

export const terminalRouter = router({
  pair: publicProcedure.input(passedInput<z.input<typeof pairRequest>>()).mutation(async ({ ctx, input }) => {
    const { terminal_token: terminalToken, terminal } = await ctx.auth.terminals.pair(input);
    terminalCookie(ctx, terminalToken, TERMINAL_COOKIE_MAX_AGE);
    return { terminal };
  }),

  staff: publicProcedure.query(async ({ ctx }) => ctx.auth.terminals.staff(await deviceOf(ctx))),

  pinLogin: publicProcedure.input(passedInput<z.input<typeof pinLoginRequest>>()).mutation(async ({ ctx, input }) => {
    const { refresh_token: refreshToken, ...session } = await ctx.auth.terminals.pinLogin(
      await deviceOf(ctx),
      input,
      ctx.client,
    );
    setRefreshCookie(ctx, 'vendor', refreshToken, ctx.config.terminals.pinSessionMaxAge);
    return session;
  }),
});

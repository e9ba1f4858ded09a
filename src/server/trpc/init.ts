// tRPC initialisation in three short sections: context type, init (error shape), procedures.
import { initTRPC } from '@trpc/server';
import type { z } from 'zod';
import { AuthError } from '@/core/auth-error';
import { ERROR_CATALOGUE } from '@/contract/error-catalogue';
import type { Role } from '@/contract/auth-schemas';
import { parseInput } from '@/core/validation';
import { missingBearer } from '../client-info';
import type { Context } from './context';
import { formatError, toTRPCError } from './trpc-errors';

// 1. Context: see ./context.ts (createInnerContext for tests, createContext for requests).

// 2. Init: every error leaves with the catalogue's stable code, status, field errors and retry time.
const t = initTRPC.context<Context>().create({ errorFormatter: formatError });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures.

/**
 * Turns what a resolver or input parser threw (tRPC wraps it as INTERNAL_SERVER_ERROR or
 * BAD_REQUEST) into a TRPCError of the catalogue's code: AuthErrors as they are, anything else
 * as the REST adapter would answer it (503 while the database is down, else a logged 500).
 */
const mapAuthErrors = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AuthError) {
    if (result.error.code !== ERROR_CATALOGUE[cause.code].trpc) throw toTRPCError(cause);
  } else if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    throw toTRPCError(await ctx.fault(cause ?? result.error, `tRPC ${path}`));
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapAuthErrors);

/**
 * A procedure that needs an access token of `role`, as create-t3-app's protectedProcedure: the
 * token is checked before the input is read (401 first), and the signed-in account is `ctx.principal`
 * (with `guests`, a guest session's holder too).
 */
export function protectedProcedure(role: Role, options: { guests?: boolean } = {}) {
  return publicProcedure.use(async ({ ctx, next }) => {
    if (!ctx.accessToken) throw missingBearer();
    const principal = await ctx.auth.authenticate(role, ctx.accessToken, ctx.client, options);
    return next({ ctx: { ...ctx, principal } });
  });
}

/**
 * A tRPC input parser over a contract schema whose failures are the core's own validation_failed
 * error (same `errors` list as the REST adapter), with the schema's input and output types.
 */
export function contractInput<T extends z.ZodType>(schema: T) {
  return {
    _input: undefined as unknown as z.input<T>,
    _output: undefined as unknown as z.output<T>,
    parse: (raw: unknown): z.output<T> => parseInput(schema, raw),
  };
}

/**
 * Input passed on as sent, typed as `T` for callers: guarded operations validate it themselves,
 * after their module guard, so a caller without the module gets 403, never a 400 that describes
 * the operation (the REST adapter does the same).
 */
export function passedInput<T extends object>() {
  return {
    _input: undefined as unknown as T,
    _output: undefined as unknown as Record<string, unknown>,
    parse: (raw: unknown): Record<string, unknown> =>
      typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {},
  };
}

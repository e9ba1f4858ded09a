// Handlers of the administration and session routes. A business's routes are served twice, from
// one definition: under /api/v1/admin/vendors/<vendorId>/ with an admin token, and under
// /api/v1/vendor/ with a vendor token for the caller's own business.
import { z } from 'zod';
import type { Caller } from '@/core/service';
import type { Role } from '@/contract/auth-schemas';
import { jsonResponse, noContent } from './responses';
import type { RouteContext } from './route';

type Handlers = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', (ctx: RouteContext) => Promise<Response | object>>>;

const anyJson = z.unknown(); // the service validates, after the token and the guard

const param = (ctx: RouteContext, name: string) => {
  const value = ctx.params[name];
  return typeof value === 'string' ? value : '';
};
const queryOf = (ctx: RouteContext) => Object.fromEntries(new URL(ctx.request.url).searchParams);
// Read before the body, so a request without a token is 401 whatever its body.
const callerOf = (ctx: RouteContext, role: Role): Caller => ({ role, accessToken: ctx.bearer() });
const bodyOf = (ctx: RouteContext) => ctx.body(anyJson);
const created = (body: object) => jsonResponse(body, 201);
const service = (ctx: RouteContext) => ctx.container.auth.administration;

/** GET and DELETE of the caller's own sessions, at /api/v1/auth/<role>/sessions. */
export const ownSessionRoutes = {
  sessions: { GET: async (ctx) => service(ctx).listOwnSessions(callerOf(ctx, ctx.role()), queryOf(ctx)) },
  session: {
    DELETE: async (ctx) => {
      await service(ctx).endOwnSession(callerOf(ctx, ctx.role()), param(ctx, 'sessionId'));
      return noContent();
    },
  },
} satisfies Record<string, Handlers>;

/** Admin accounts and vendor businesses, at /api/v1/admin/...: admin tokens only. */
export const adminRoutes = {
  admins: {
    GET: async (ctx) => service(ctx).listAdmins(callerOf(ctx, 'admin'), queryOf(ctx)),
    POST: async (ctx) => created(await service(ctx).createAdmin(callerOf(ctx, 'admin'), await bodyOf(ctx))),
  },
  admin: { PATCH: async (ctx) => service(ctx).updateAdmin(callerOf(ctx, 'admin'), param(ctx, 'adminId'), await bodyOf(ctx)) },
  disable: { POST: async (ctx) => service(ctx).disableAdmin(callerOf(ctx, 'admin'), param(ctx, 'adminId')) },
  enable: { POST: async (ctx) => service(ctx).enableAdmin(callerOf(ctx, 'admin'), param(ctx, 'adminId')) },
  sessions: { GET: async (ctx) => service(ctx).listAdminSessions(callerOf(ctx, 'admin'), param(ctx, 'adminId'), queryOf(ctx)) },
  session: {
    DELETE: async (ctx) => {
      await service(ctx).endAdminSession(callerOf(ctx, 'admin'), param(ctx, 'adminId'), param(ctx, 'sessionId'));
      return noContent();
    },
  },
  vendors: {
    GET: async (ctx) => service(ctx).listVendors(callerOf(ctx, 'admin'), queryOf(ctx)),
    POST: async (ctx) => created(await service(ctx).createVendor(callerOf(ctx, 'admin'), await bodyOf(ctx))),
  },
} satisfies Record<string, Handlers>;

/** A business's accounts, stores and terminals; `side` says whose token and which business. */
export function businessRoutes(side: Role) {
  const caller = (ctx: RouteContext) => callerOf(ctx, side);
  const vendorIdOf = (ctx: RouteContext) => (side === 'admin' ? param(ctx, 'vendorId') : undefined);
  const accountIdOf = (ctx: RouteContext) => param(ctx, 'accountId');
  return {
    accounts: {
      GET: async (ctx) => service(ctx).listVendorAccounts(caller(ctx), vendorIdOf(ctx), queryOf(ctx)),
      POST: async (ctx) => created(await service(ctx).createEmployee(caller(ctx), vendorIdOf(ctx), await bodyOf(ctx))),
    },
    account: { PATCH: async (ctx) => service(ctx).updateEmployee(caller(ctx), vendorIdOf(ctx), accountIdOf(ctx), await bodyOf(ctx)) },
    disable: { POST: async (ctx) => service(ctx).disableVendorAccount(caller(ctx), vendorIdOf(ctx), accountIdOf(ctx)) },
    enable: { POST: async (ctx) => service(ctx).enableVendorAccount(caller(ctx), vendorIdOf(ctx), accountIdOf(ctx)) },
    sessions: { GET: async (ctx) => service(ctx).listVendorAccountSessions(caller(ctx), vendorIdOf(ctx), accountIdOf(ctx), queryOf(ctx)) },
    session: {
      DELETE: async (ctx) => {
        await service(ctx).endVendorAccountSession(caller(ctx), vendorIdOf(ctx), accountIdOf(ctx), param(ctx, 'sessionId'));
        return noContent();
      },
    },
    stores: {
      GET: async (ctx) => service(ctx).listStores(caller(ctx), vendorIdOf(ctx), queryOf(ctx)),
      POST: async (ctx) => created(await service(ctx).createStore(caller(ctx), vendorIdOf(ctx), await bodyOf(ctx))),
    },
    terminals: {
      POST: async (ctx) => created(await service(ctx).createTerminal(caller(ctx), vendorIdOf(ctx), param(ctx, 'storeId'), await bodyOf(ctx))),
    },
  } satisfies Record<string, Handlers>;
}

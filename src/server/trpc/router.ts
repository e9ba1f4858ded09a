// The tRPC router of the bundled pages: per role, login, profile, own sessions and password reset;
// for admins, the administration pages; for vendors, the POS context. Each procedure parses, calls
// the one auth service and lets errors map.
import {
  adminResetRequest,
  adminResetVerifyRequest,
  vendorResetRequest,
  vendorResetVerifyRequest,
} from '@/contract/auth-schemas';
import { bearerOf, publicProcedure, router } from './init';
import { accountProcedures, resetProcedures } from './routers/account';
import { adminsRouter, vendorsRouter } from './routers/administration';

export const appRouter = router({
  admin: router({
    ...accountProcedures('admin'),
    ...resetProcedures('admin', adminResetRequest, adminResetVerifyRequest),
    admins: adminsRouter,
    vendors: vendorsRouter,
  }),
  vendor: router({
    ...accountProcedures('vendor'),
    ...resetProcedures('vendor', vendorResetRequest, vendorResetVerifyRequest),
    /** Needs a valid vendor access token and no module: employees with narrow rights load it too. */
    context: publicProcedure.query(({ ctx }) => ctx.auth.vendorContext(bearerOf(ctx))),
  }),
});

export type AppRouter = typeof appRouter;

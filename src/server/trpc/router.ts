// The tRPC router of the bundled pages: per role, signing in (with the second step and enrolment)
// and changing one's password (the refresh token into a cookie) and every other route of the role's table under the same name
// (src/contract/routes.ts).
import { router } from './init';
import { routeProcedures } from './route-procedures';
import { changePasswordProcedure, loginProcedure, mfaVerifyProcedure, totpConfirmProcedure } from './routers/cookie-procedures';
import { terminalRouter } from './routers/terminal';

export const appRouter = router({
  admin: router({
    login: loginProcedure('admin'),
    mfaVerify: mfaVerifyProcedure('admin'),
    totpConfirm: totpConfirmProcedure('admin'),
    changePassword: changePasswordProcedure('admin'),
    ...routeProcedures('admin'),
  }),
  vendor: router({
    login: loginProcedure('vendor'),
    mfaVerify: mfaVerifyProcedure('vendor'),
    totpConfirm: totpConfirmProcedure('vendor'),
    changePassword: changePasswordProcedure('vendor'),
    ...routeProcedures('vendor'),
  }),
  terminal: terminalRouter,
});

export type AppRouter = typeof appRouter;

// The tRPC router of the bundled pages: per role, signing in (the refresh token into a cookie) and
// every other route of the role's table under the same name (src/contract/routes.ts).
import { router } from './init';
import { routeProcedures } from './route-procedures';
import { loginProcedure } from './routers/login';
import { terminalRouter } from './routers/terminal';

export const appRouter = router({
  admin: router({ login: loginProcedure('admin'), ...routeProcedures('admin') }),
  vendor: router({ login: loginProcedure('vendor'), ...routeProcedures('vendor') }),
  terminal: terminalRouter,
});

export type AppRouter = typeof appRouter;

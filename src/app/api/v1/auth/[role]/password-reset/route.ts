// POST /api/v1/auth/<role>/password-reset: step 1, the same answer whether or not the account exists.
import { resetIdentityOf, resetRequestSchema } from '@/contract/auth-schemas';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  POST: async (ctx) => {
    const role = ctx.role();
    const body = await ctx.body(resetRequestSchema(role));
    return ctx.container.auth.requestReset(role, resetIdentityOf(body), ctx.client);
  },
});

// POST /api/v1/auth/<role>/password-reset/complete: step 3, a reset token and a new password.
import { resetCompleteRequest } from '@/contract/auth-schemas';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  POST: async (ctx) => {
    const role = ctx.role();
    return ctx.container.auth.completeReset(role, await ctx.body(resetCompleteRequest));
  },
});

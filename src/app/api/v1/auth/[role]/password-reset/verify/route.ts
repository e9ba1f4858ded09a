// POST /api/v1/auth/<role>/password-reset/verify: step 2, a code for a reset token.
import { resetIdentityOf, resetVerifySchema } from '@/contract/auth-schemas';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  POST: async (ctx) => {
    const role = ctx.role();
    const body = await ctx.body(resetVerifySchema(role));
    return ctx.container.auth.verifyCode(role, { ...resetIdentityOf(body), code: body.code });
  },
});

// POST /api/v1/auth/<role>/password: the signed-in account changes its own password for a new pair.
import { changePasswordRequest } from '@/core/schemas';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  POST: async (ctx) => ctx.container.auth.changeOwnPassword(ctx.role(), ctx.bearer(), await ctx.body(changePasswordRequest), ctx.client),
});

// GET /api/v1/auth/<role>/me: the signed-in account's profile.
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  GET: async (ctx) => ctx.container.auth.me(ctx.role(), ctx.bearer()),
});

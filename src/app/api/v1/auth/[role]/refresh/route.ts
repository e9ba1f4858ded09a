// POST /api/v1/auth/<role>/refresh: rotates a refresh token into a new pair.
import { refreshRequest } from '@/contract/auth-schemas';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  POST: async (ctx) => {
    const role = ctx.role();
    return ctx.container.auth.refresh(role, (await ctx.body(refreshRequest)).refresh_token);
  },
});

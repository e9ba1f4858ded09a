// POST /api/v1/auth/<role>/logout: revokes the family of the given refresh token.
import { logoutRequest } from '@/contract/auth-schemas';
import { noContent } from '@/server/rest/responses';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  POST: async (ctx) => {
    const role = ctx.role();
    await ctx.container.auth.logout(role, (await ctx.body(logoutRequest)).refresh_token);
    return noContent();
  },
});

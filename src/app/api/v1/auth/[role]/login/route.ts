// POST /api/v1/auth/<role>/login: e-mail and password for a token pair and the profile.
import { loginRequest } from '@/contract/auth-schemas';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  POST: async (ctx) => ctx.container.auth.loginWithProfile(ctx.role(), await ctx.body(loginRequest), ctx.client),
});

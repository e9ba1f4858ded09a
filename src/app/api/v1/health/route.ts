// GET /api/v1/health: 200 while the database answers, 503 while it does not.
import { jsonResponse } from '@/server/rest/responses';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  GET: async (ctx) =>
    (await ctx.container.databaseHealthy()) ? jsonResponse({ status: 'ok' }) : jsonResponse({ status: 'unavailable' }, 503),
});

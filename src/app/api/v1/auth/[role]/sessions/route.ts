// GET /api/v1/auth/<role>/sessions: the caller's own active sessions (paged).
import { ownSessionRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(ownSessionRoutes.sessions);

// DELETE /api/v1/auth/<role>/sessions/<id>: end one of the caller's own sessions.
import { ownSessionRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(ownSessionRoutes.session);

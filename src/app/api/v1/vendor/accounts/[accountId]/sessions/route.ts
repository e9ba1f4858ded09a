// GET /api/v1/vendor/accounts/<id>/sessions: a vendor account's active sessions (paged).
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('vendor').sessions);

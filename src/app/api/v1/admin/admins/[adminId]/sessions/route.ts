// GET /api/v1/admin/admins/<id>/sessions: an admin's active sessions (paged).
import { adminRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(adminRoutes.sessions);

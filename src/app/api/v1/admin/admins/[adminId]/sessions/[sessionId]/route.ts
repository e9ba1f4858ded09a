// DELETE /api/v1/admin/admins/<id>/sessions/<session id>: end one of an admin's sessions.
import { adminRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(adminRoutes.session);

// POST /api/v1/admin/admins/<id>/enable: enable a disabled admin.
import { adminRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(adminRoutes.enable);

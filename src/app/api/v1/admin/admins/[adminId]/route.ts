// PATCH /api/v1/admin/admins/<id>: change an admin's name, admin_type or modules.
import { adminRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(adminRoutes.admin);

// GET, POST /api/v1/admin/admins: list admin accounts (paged), create one.
import { adminRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(adminRoutes.admins);

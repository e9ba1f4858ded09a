// GET, POST /api/v1/admin/vendors: list vendor businesses (paged), create one with its owner.
import { adminRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(adminRoutes.vendors);

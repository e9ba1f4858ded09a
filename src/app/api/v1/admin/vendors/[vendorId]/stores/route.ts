// GET, POST /api/v1/admin/vendors/<vendor id>/stores: a business's stores with their terminals (paged), create one.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('admin').stores);

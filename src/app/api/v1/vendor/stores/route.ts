// GET, POST /api/v1/vendor/stores: the caller's own business's stores with their terminals (paged), create one.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('vendor').stores);

// POST /api/v1/admin/vendors/<vendor id>/stores/<id>/terminals: create a POS terminal in a store.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('admin').terminals);

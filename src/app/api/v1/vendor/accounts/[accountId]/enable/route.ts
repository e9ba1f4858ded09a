// POST /api/v1/vendor/accounts/<id>/enable: enable a disabled vendor account.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('vendor').enable);

// POST /api/v1/vendor/accounts/<id>/disable: disable a vendor account and end its sessions.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('vendor').disable);

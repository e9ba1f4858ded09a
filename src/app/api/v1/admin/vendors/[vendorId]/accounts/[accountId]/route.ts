// PATCH /api/v1/admin/vendors/<vendor id>/accounts/<id>: change an employee's modules, module_permissions, stores or name.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('admin').account);

// GET, POST /api/v1/admin/vendors/<vendor id>/accounts: a business's accounts (paged), create an employee.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('admin').accounts);

// GET, POST /api/v1/vendor/accounts: the caller's own business's accounts (paged), create an employee.
import { businessRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(businessRoutes('vendor').accounts);

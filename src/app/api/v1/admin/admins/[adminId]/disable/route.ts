// POST /api/v1/admin/admins/<id>/disable: disable an admin and end its sessions.
import { adminRoutes } from '@/server/rest/admin-routes';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(adminRoutes.disable);

// GET /api/v1/health: the readiness probe under its first name (see ./ready).
import { readinessRoute } from '@/server/rest/health-routes';

export const { GET, POST, PUT, PATCH, DELETE } = readinessRoute();

// GET /api/v1/health/ready: 200 when the database answers and the instance is not draining, else 503.
import { readinessRoute } from '@/server/rest/health-routes';

export const { GET, POST, PUT, PATCH, DELETE } = readinessRoute();

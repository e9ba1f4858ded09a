// GET /api/v1/health/live: 200 while the process serves requests, even while draining.
import { livenessRoute } from '@/server/rest/health-routes';

export const { GET, POST, PUT, PATCH, DELETE } = livenessRoute();

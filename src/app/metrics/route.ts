// GET /metrics: Prometheus metrics for a scraper holding METRICS_TOKEN; 404 for everyone else.
import { metricsRoute } from '@/server/rest/metrics-route';

export const { GET, POST, PUT, PATCH, DELETE } = metricsRoute();

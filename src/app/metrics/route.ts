// GET /metrics: Prometheus metrics for a scraper holding METRICS_TOKEN; 404 for everyone else.
import { metricsAnswer } from '@/server/rest/metrics-route';

export {
  metricsAnswer as GET,
  metricsAnswer as POST,
  metricsAnswer as PUT,
  metricsAnswer as PATCH,
  metricsAnswer as DELETE,
};

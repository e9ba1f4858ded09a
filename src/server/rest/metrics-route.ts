// GET /metrics: the process's metrics in the Prometheus text format, for a scraper holding
// METRICS_TOKEN. Without the token configured, or with a wrong one, the route does not exist (404).
import { createHash, timingSafeEqual } from 'node:crypto';
import { AuthError } from '@/core/errors';
import { bearerTokenOf } from '../client-info';
import { getMetrics } from '../metrics';
import { problemResponse } from './responses';
import { restRoute } from './route';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function holdsToken(presented: string | undefined, expected: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(expected));
}

export const metricsRoute = () =>
  restRoute({
    GET: async (ctx) => {
      const expected = ctx.container.config.metricsToken;
      if (!expected || !holdsToken(bearerTokenOf(ctx.request.headers), expected)) {
        return problemResponse(new AuthError('not_found', 'No such route.'));
      }
      const { registry } = getMetrics();
      return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
    },
  });

// GET /metrics: the process's metrics in the Prometheus text format, for a scraper holding
// METRICS_TOKEN. Without the token configured, or with a wrong one, the route does not exist (404).
// It lives outside /api/v1 and its route table: it is the operators' endpoint, not the API's.
import { createHash, timingSafeEqual } from 'node:crypto';
import { AuthError, NO_SUCH_ROUTE } from '@/core/auth-error';
import { bearerTokenOf } from '../client-info';
import { getContainer } from '../container';
import { faultToAuthError } from '../faults';
import { getMetrics, recordRequest } from '../metrics';
import { problemResponse } from './responses';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function holdsToken(presented: string | undefined, expected: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(expected));
}

/** The scrape: 404 to anyone without the configured token, whatever the method; counted like any request. */
export async function metricsAnswer(request: Request): Promise<Response> {
  const started = performance.now();
  const response = await scrape(request);
  recordRequest({
    route: '/metrics',
    method: request.method,
    status: response.status,
    seconds: (performance.now() - started) / 1000,
  });
  return response;
}

async function scrape(request: Request): Promise<Response> {
  try {
    const expected = getContainer().config.metricsToken;
    if (!expected || !holdsToken(bearerTokenOf(request.headers), expected))
      return problemResponse(new AuthError('not_found', NO_SUCH_ROUTE));
    if (request.method !== 'GET')
      return problemResponse(new AuthError('method_not_allowed', 'Use GET.'), { allow: 'GET' });
    const { registry } = getMetrics();
    return new Response(await registry.metrics(), {
      headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
    });
  } catch (error) {
    return problemResponse(await faultToAuthError(error, undefined, `${request.method} /metrics`));
  }
}

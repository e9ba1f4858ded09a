// Refuses a cross-site browser request to the session endpoints (the only ones the refresh-token
// cookie reaches) before tRPC reads the cookie: 403 problem+json, logged without any secret.
import { AuthError } from '@/core/auth-error';
import { getContainer } from '../container';
import { appOriginOf, crossSiteReason } from '../http/csrf';
import { problemResponse } from '../rest/responses';

export function refuseCrossSite(req: Request): Response | undefined {
  let container;
  try {
    container = getContainer();
  } catch {
    return undefined; // the tRPC handler answers the start-up fault
  }
  const { config, logger } = container;
  const url = new URL(req.url);
  const reason = crossSiteReason(req.headers, appOriginOf(url, req.headers, config.browser));
  if (!reason) return undefined;
  logger.warn(
    {
      event: 'cross_site_refused',
      path: url.pathname,
      origin: req.headers.get('origin')?.slice(0, 200),
      secFetchSite: req.headers.get('sec-fetch-site')?.slice(0, 40),
    },
    `cross-site request refused: ${reason}`,
  );
  return problemResponse(new AuthError('forbidden', 'Cross-site requests to the session endpoints are refused.'));
}

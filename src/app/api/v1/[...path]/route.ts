// Every other path under /api/v1: 404 problem+json rather than the framework's HTML page.
import { AuthError } from '@/core/errors';
import { UNMATCHED_ROUTE, recordRequest } from '@/server/metrics';
import { problemResponse } from '@/server/rest/responses';

const notFound = async (request: Request) => {
  recordRequest({ route: UNMATCHED_ROUTE, method: request.method, status: 404, seconds: 0 });
  return problemResponse(new AuthError('not_found', 'No such route.'));
};
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

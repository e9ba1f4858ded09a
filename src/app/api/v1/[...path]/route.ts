// Every other path under /api/v1: 404 problem+json rather than the framework's HTML page.
import { AuthError } from '@/core/errors';
import { problemResponse } from '@/server/rest/responses';

const notFound = async () => problemResponse(new AuthError('not_found', 'No such route.'));
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

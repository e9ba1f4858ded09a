// /api/trpc/session/<role>/{refresh,logout}: the only path the refresh-token cookie is sent to.
import { AuthError, NO_SUCH_ROUTE } from '@/core/auth-error';
import { roleSchema } from '@/contract/auth-schemas';
import { sessionEndpoint } from '@/contract/trpc-endpoints';
import { refuseCrossSite } from '@/server/trpc/cross-site-refusal';
import { withApiHeaders } from '@/server/http/api-headers';
import { errorResponse, handleTrpc } from '@/server/trpc/handler';
import { sessionRouter } from '@/server/trpc/routers/session';

async function handler(req: Request, { params }: { params: Promise<{ role: string }> }) {
  const role = roleSchema.safeParse((await params).role);
  if (!role.success) return withApiHeaders(errorResponse(new AuthError('not_found', NO_SUCH_ROUTE)), req, 'trpc');
  const crossSite = refuseCrossSite(req);
  if (crossSite) return withApiHeaders(crossSite, req, 'trpc');
  return handleTrpc(req, { endpoint: sessionEndpoint(role.data), router: sessionRouter, sessionRole: role.data });
}

export { handler as GET, handler as POST };

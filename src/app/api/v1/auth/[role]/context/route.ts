// GET or POST /api/v1/auth/vendor/context: the POS and store context; a valid vendor token suffices.
import { AuthError } from '@/core/errors';
import { restRoute, type RouteContext } from '@/server/rest/route';

async function vendorContext(ctx: RouteContext) {
  if (ctx.role() !== 'vendor') throw new AuthError('not_found', 'Only vendors have a context.');
  return ctx.container.auth.vendorContext(ctx.bearer());
}

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({ GET: vendorContext, POST: vendorContext });

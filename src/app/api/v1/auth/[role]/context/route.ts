// GET or POST /api/v1/auth/vendor/context: the POS and store context; a valid vendor token suffices.
import { restRoute, type RouteContext } from '@/server/rest/route';

const vendorContext = async (ctx: RouteContext) => ctx.container.auth.vendorContext(ctx.bearer());

// Only vendors have a context: /auth/admin/context is 404 for every method.
export const { GET, POST, PUT, PATCH, DELETE } = restRoute({ GET: vendorContext, POST: vendorContext }, { roles: ['vendor'] });

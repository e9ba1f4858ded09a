// Every path under /api/v1: one dispatcher over the route table (src/contract/routes.ts).
import { dispatch } from '@/server/rest/dispatch';

export { dispatch as GET, dispatch as POST, dispatch as PUT, dispatch as PATCH, dispatch as DELETE };

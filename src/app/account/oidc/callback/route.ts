// /account/oidc/callback: where every OpenID provider sends a customer of the pages back.
import { pagesCallback } from '@/server/oidc/pages-callback';

export const dynamic = 'force-dynamic';

export { pagesCallback as GET, pagesCallback as POST };

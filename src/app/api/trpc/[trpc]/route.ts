// /api/trpc/*: the tRPC router of the bundled pages (fetch adapter).
import { handleTrpc } from '@/server/trpc/handler';
import { TRPC_ENDPOINT } from '@/contract/trpc-endpoints';
import { appRouter } from '@/server/trpc/router';

const handler = (req: Request) => handleTrpc(req, { endpoint: TRPC_ENDPOINT, router: appRouter });

export { handler as GET, handler as POST };

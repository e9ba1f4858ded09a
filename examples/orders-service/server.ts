// The orders service: a small service of the platform that accepts the auth service's access tokens
// through the guard kit. GET /orders needs module `orders`; POST /orders permission `orders:write`;
// POST /orders/<id>/refund (POS work, a till's PIN session will do) a manager's approval of a refund
// of that order, in the header X-Approval-Token, which the kit verifies and spends once.
//
//   AUTH_API_URL=http://127.0.0.1:3000 AUTH_CLIENT_ID=... AUTH_CLIENT_SECRET=... npx tsx
// examples/orders-service/server.ts
//
// Settings (environment): AUTH_API_URL (required); AUTH_CLIENT_ID and AUTH_CLIENT_SECRET, a
// service client's (required unless AUTH_REVOCATION=none); AUTH_REVOCATION = feed (default) |
// introspect | none; AUTH_ACCESS_SECRET only when the auth service signs with HS256; AUTH_RESOURCE,
// this service's URL as the platform's apps name it (RFC 8707), to accept their tokens; PORT (default
// 4000) and HOST (default 127.0.0.1).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createGuard, GuardError, isGuardError } from 'commerce-auth/guard';
import { createOrderBook } from './orders';

const env = process.env;
if (!env.AUTH_API_URL) {
  console.error("AUTH_API_URL is required: the auth service's origin, e.g. http://127.0.0.1:3000");
  process.exit(2);
}
const revocation = (env.AUTH_REVOCATION ?? 'feed') as 'feed' | 'introspect' | 'none';
const guard = createGuard({
  apiUrl: env.AUTH_API_URL,
  clientId: env.AUTH_CLIENT_ID,
  clientSecret: env.AUTH_CLIENT_SECRET,
  revocation,
  accessSecret: env.AUTH_ACCESS_SECRET || undefined,
  resource: env.AUTH_RESOURCE || undefined,
});
const orders = createOrderBook();

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/health' && req.method === 'GET') return json(res, 200, { status: 'ok', guard: guard.stats() });
  const refund = /^\/orders\/([A-Za-z0-9_-]{1,100})\/refund$/.exec(path);
  if (refund && req.method === 'POST') return refundOrder(req, res, refund[1]!);
  if (path !== '/orders') return json(res, 404, { error: 'not found' });
  if (req.method === 'GET') {
    const principal = guard.authorize(await guard.authenticate(req), 'orders');
    return json(res, 200, { items: orders.list(principal) });
  }
  if (req.method === 'POST') {
    const principal = guard.authorize(await guard.authenticate(req), 'orders', 'orders:write');
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return json(res, 400, { error: 'send a JSON object of at most 16 KiB' });
    }
    return json(res, 201, orders.add(principal, body));
  }
  res.writeHead(405, { allow: 'GET, POST' }).end();
}

/**
 * A refund at the till: the caller does POS work for its business, and a manager approved a refund
 * of this order. The orders of a fleet live in its database; this example keeps its own in memory,
 * so an order is named by its id, whichever instance took it.
 */
async function refundOrder(req: IncomingMessage, res: ServerResponse, orderId: string) {
  const principal = guard.authorize(await guard.authenticate(req), 'pos');
  const header = req.headers['x-approval-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw new GuardError('invalid_approval', "A manager's approval is needed: send it as X-Approval-Token.");
  const approval = await guard.verifyApproval(token, { action: 'refund', reference: orderId });
  if (approval.vendorId !== principal.vendorId)
    throw new GuardError('invalid_approval', 'The approval is for another business.');
  return json(res, 201, orders.refund(orderId, approval));
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (isGuardError(error)) return error.send(res);
    console.error('[orders] request failed', error);
    if (!res.headersSent) json(res, 500, { error: 'internal' });
  });
});

const port = Number(env.PORT ?? 4000);
server.listen(port, env.HOST ?? '127.0.0.1', () => {
  guard.ready().then(
    () => console.log(`[orders] listening on http://${env.HOST ?? '127.0.0.1'}:${port} (revocation: ${revocation})`),
    () => undefined,
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void guard.close().then(() => process.exit(0));
  });
}

// The store's MCP server: Streamable HTTP at /mcp (stateless, JSON answers) behind the guard kit. An
// MCP client that gets the 401 reads the protected resource metadata it names, registers itself at
// the auth service (RFC 7591), has the person sign in and consent, and calls the tool with a token
// for this resource (orders:read). The business's own systems add orders at POST /orders
// (orders:write), as at the orders service. See README.md beside this file.
//
//   AUTH_API_URL=http://127.0.0.1:3000 AUTH_REVOCATION=none npx tsx examples/store-mcp/server.ts
//
// Settings (environment): AUTH_API_URL (required); AUTH_CLIENT_ID and AUTH_CLIENT_SECRET, a service
// client's (required unless AUTH_REVOCATION=none); AUTH_REVOCATION = feed (default) | introspect |
// none; AUTH_OAUTH_ISSUER, the auth service's APP_URL when it is not AUTH_API_URL; MCP_URL, this
// server's public URL of /mcp, its resource indicator (default http://HOST:PORT/mcp); PORT (default
// 4100) and HOST (default 127.0.0.1).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createGuard, isGuardError } from 'commerce-auth/guard';
import { createOrderBook } from '../orders-service/orders';
import { storeServer } from './tools';

const env = process.env;
if (!env.AUTH_API_URL) {
  console.error("AUTH_API_URL is required: the auth service's origin, e.g. http://127.0.0.1:3000");
  process.exit(2);
}
const host = env.HOST ?? '127.0.0.1';
const port = Number(env.PORT ?? 4100);
const resource = env.MCP_URL ?? `http://${host}:${port}/mcp`;
const revocation = (env.AUTH_REVOCATION ?? 'feed') as 'feed' | 'introspect' | 'none';
const guard = createGuard({
  apiUrl: env.AUTH_API_URL,
  clientId: env.AUTH_CLIENT_ID,
  clientSecret: env.AUTH_CLIENT_SECRET,
  revocation,
  oauthIssuer: env.AUTH_OAUTH_ISSUER || undefined,
  resource,
  scopes: ['orders:read'],
});
const metadata = guard.protectedResource!;
const orders = createOrderBook();
const mcpPath = new URL(resource).pathname;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** `{note}` of a small JSON body; an empty note for anything else. */
async function noteOf(req: IncomingMessage): Promise<{ note?: unknown }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) return {};
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { note?: unknown };
  } catch {
    return {};
  }
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === metadata.path && req.method === 'GET')
    return json(res, 200, metadata.document, { 'access-control-allow-origin': '*' });
  if (path === '/orders' && req.method === 'POST') {
    const principal = guard.authorize(await guard.authenticate(req), 'orders', 'orders:write');
    return json(res, 201, orders.add(principal, await noteOf(req)));
  }
  if (path !== mcpPath) return json(res, 404, { error: 'not found' });
  const principal = await guard.authenticate(req);
  // Stateless: no session to resume or stream to hold open, so only POST is served.
  if (req.method !== 'POST') return json(res, 405, { error: 'use POST' }, { allow: 'POST' });
  const server = storeServer(guard, orders, principal);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => void Promise.all([transport.close(), server.close()]));
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

const http = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (isGuardError(error)) return error.send(res);
    console.error('[store-mcp] request failed', error instanceof Error ? error.name : 'error');
    if (!res.headersSent) json(res, 500, { error: 'internal' });
  });
});

http.listen(port, host, () => {
  guard.ready().then(
    () => console.log(`[store-mcp] listening on ${resource} (revocation: ${revocation})`),
    () => undefined,
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    http.close();
    http.closeAllConnections();
    void guard.close().then(() => process.exit(0));
  });
}

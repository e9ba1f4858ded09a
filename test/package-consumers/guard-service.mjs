// Another team's service as its engineers write it: plain Node, the guard kit installed from its
// package. GET /orders needs module `orders`; the answer names the principal and the Node release.
// With AUTH_RESOURCE it serves its protected resource metadata (RFC 9728), which its 401s name.
import { createServer } from 'node:http';
import { createGuard, isGuardError } from '@commerce-auth/guard';

const guard = createGuard({
  apiUrl: process.env.AUTH_API_URL,
  clientId: process.env.AUTH_CLIENT_ID,
  clientSecret: process.env.AUTH_CLIENT_SECRET,
  resource: process.env.AUTH_RESOURCE,
  scopes: ['orders:read'],
});

const server = createServer(async (req, res) => {
  try {
    if (guard.protectedResource && req.url === guard.protectedResource.path) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(guard.protectedResource.document));
    }
    const principal = await guard.authenticate(req);
    guard.authorize(principal, 'orders');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        accountId: principal.accountId,
        role: principal.role,
        node: process.versions.node,
        stats: guard.stats(),
      }),
    );
  } catch (error) {
    if (isGuardError(error)) return error.send(res);
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(error));
  }
});

await guard.ready();
server.listen(0, '127.0.0.1', () => console.log(`listening on ${server.address().port}`));
process.on('SIGTERM', () => {
  server.close();
  void guard.close();
});

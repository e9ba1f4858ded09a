// GET /noop of the plain Next.js app: the same constant answer as the product's bare route, with
// nothing around it (no proxy, no server wrapper, no flags), the framework's own floor.
export const dynamic = 'force-dynamic';

const BODY = '{"ok":true}';

export function GET(): Response {
  return new Response(BODY, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

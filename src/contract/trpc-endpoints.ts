// Where the tRPC endpoints live. Shared by the server (routes, cookie path) and the browser client,
// so it must stay free of server-only imports.
import type { Role } from './auth-schemas';

/** Every procedure of the bundled pages except the two that read the refresh-token cookie. */
export const TRPC_ENDPOINT = '/api/trpc';

/**
 * The role's refresh and logout procedures. They have an endpoint of their own so that the
 * refresh-token cookie can be scoped to it (Path) and is never sent with any other request.
 */
export function sessionEndpoint(role: Role): string {
  return `${TRPC_ENDPOINT}/session/${role}`;
}

// The browser side of a session: the access tokens, held in module memory only (never in web
// storage or a readable cookie, so a reload loses them), and refresh and logout against the role's
// session endpoint, the only path the httpOnly refresh-token cookie is sent to. Deliberately
// outside the refresh-on-401 link: a refresh never refreshes.
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import type { Role } from '@/contract/auth-schemas';
import { sessionEndpoint } from '@/contract/trpc-endpoints';
import type { SessionRouter } from '@/server/trpc/routers/session';

const tokens = new Map<Role, string>();

export const accessTokens = {
  get: (role: Role): string | undefined => tokens.get(role),
  set: (role: Role, token: string) => void tokens.set(role, token),
  clear: (role: Role) => void tokens.delete(role),
};

/**
 * Whether the vendor session in memory is a PIN sign-in at a till (`amr: ["pin"]` in its access
 * token): the pages read the claim only to leave out what such a session may not do; the server
 * decides, and refuses the rest with step_up_required.
 */
export function signedInWithPin(): boolean {
  const payload = tokens.get('vendor')?.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { amr?: unknown };
    return Array.isArray(claims.amr) && claims.amr.includes('pin');
  } catch {
    return false;
  }
}

const clients = new Map<Role, TRPCClient<SessionRouter>>();

function sessionClient(role: Role): TRPCClient<SessionRouter> {
  let client = clients.get(role);
  if (!client) {
    client = createTRPCClient<SessionRouter>({ links: [httpLink({ url: sessionEndpoint(role) })] });
    clients.set(role, client);
  }
  return client;
}

/** Trades the cookie for a new access token (and a rotated cookie); forgets the old token on failure. */
export async function refreshAccessToken(role: Role): Promise<void> {
  try {
    const { access_token: accessToken } = await sessionClient(role).refresh.mutate();
    accessTokens.set(role, accessToken);
  } catch (error) {
    accessTokens.clear(role);
    throw error;
  }
}

/** Ends the session on the server (revokes the token family, clears the cookie) and in memory. */
export async function signOut(role: Role): Promise<void> {
  try {
    await sessionClient(role).logout.mutate();
  } finally {
    accessTokens.clear(role);
  }
}

// Requests for the audit-trail tests, each from a client of its own (address and user agent), so
// an event can be traced to the one request that caused it; and the lookups of stored events.
import assert from 'node:assert/strict';
import { request } from './http';

export interface TestClient {
  ip: string;
  ua: string;
}

let serial = 0;

/** A client no other request uses: a documentation address (RFC 5737) and a numbered user agent. */
export function newClient(): TestClient {
  serial += 1;
  return { ip: `203.0.${Math.floor(serial / 250)}.${(serial % 250) + 1}`, ua: `audit-test-client/${serial}` };
}

/** An API request from `client` (the app trusts one proxy, so X-Forwarded-For names the client). */
export function send(
  url: string,
  method: string,
  path: string,
  client: TestClient,
  options: { token?: string; json?: unknown } = {},
) {
  return request(url, method, `/api/v1${path}`, {
    ...options,
    headers: { 'x-forwarded-for': client.ip, 'user-agent': client.ua },
  });
}

export interface EventView {
  id: string;
  at: string;
  event: string;
  role: string;
  account_id: string | null;
  account: { email: string | null; name: string | null } | null;
  actor: { role: string; account_id: string; email?: string | null; name?: string | null } | null;
  client_ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

/** Up to 100 events of `path` (`/admin/audit-events`...) matching `query`. */
export async function eventsAt(
  url: string,
  path: string,
  token: string,
  query: Record<string, string> = {},
): Promise<EventView[]> {
  const res = await request(url, 'GET', `/api/v1${path}?${new URLSearchParams({ limit: '100', ...query })}`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body.items as EventView[];
}

/**
 * Asserts the trail holds exactly one `event` about `accountId`, sent by `client`, caused by `actor`;
 * waits a little for events written after the answer (a reset request's).
 */
export async function exactlyOne(
  url: string,
  adminToken: string,
  event: string,
  accountId: string,
  client: TestClient | null,
  actor: EventView['actor'],
) {
  let found: EventView[] = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    found = await eventsAt(url, '/admin/audit-events', adminToken, { event, account_id: accountId });
    if (found.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(found.length, 1, `exactly one ${event} about ${accountId}: ${JSON.stringify(found)}`);
  const [stored] = found as [EventView];
  assert.equal(stored.client_ip, client?.ip ?? null, `${event}: client_ip`);
  assert.equal(stored.user_agent, client?.ua ?? null, `${event}: user_agent`);
  const actorRef = stored.actor && { role: stored.actor.role, account_id: stored.actor.account_id };
  assert.deepEqual(actorRef, actor && { role: actor.role, account_id: actor.account_id }, `${event}: actor`);
  return stored;
}

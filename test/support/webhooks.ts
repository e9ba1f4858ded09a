// Webhook endpoints through the admins' REST routes, for the webhook tests.
import { request, type Answer } from './http';

const BASE = '/api/v1/admin/webhook-endpoints';

export const createEndpoint = (
  url: string,
  token: string,
  body: { url: string; events?: string[]; description?: string },
): Promise<Answer> => request(url, 'POST', BASE, { token, json: { events: ['*'], ...body } });

export const endpointCall = (
  url: string,
  token: string,
  method: string,
  path: string,
  json?: unknown,
): Promise<Answer> => request(url, method, `${BASE}${path}`, { token, ...(json === undefined ? {} : { json }) });

/** The delivery log of an endpoint, every page. */
export async function deliveryLog(url: string, token: string, endpointId: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer = await request(
      url,
      'GET',
      `${BASE}/${endpointId}/messages?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      { token },
    );
    if (page.status !== 200) throw new Error(`delivery log: ${page.status} ${page.text}`);
    items.push(...page.body.items);
    cursor = page.body.next_cursor;
  } while (cursor);
  return items;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A webhook receiver on loopback, as a service of the platform would write one: every message is
// verified with the npm `standardwebhooks` library and nothing of our own. A test scripts its answers
// (a status, a redirect, a stall) and reads what arrived, verified or not.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  /** True when the library verifies this request with `secret` (a receiver that holds only that secret). */
  verifiesWith(secret: string): boolean;
  timestamp: string;
  signature: string;
  body: string;
  /** The parsed body when the library verified it with the receiver's secret; null when it refused. */
  verified: { type: string; timestamp: string; data: Record<string, any> } | null;
  contentType: string | undefined;
}

/** What the receiver answers the n-th request (0-based): a status, a redirect, or a stall that never answers. */
export type Reply = number | { redirect: string } | 'stall';

export interface Receiver {
  url: string;
  received: Received[];
  /** TCP connections accepted, answered or not. */
  connections: number;
  /** Messages the library verified, by webhook-id. */
  verifiedIds(): string[];
  /** Sets the secret (from the create answer) the library verifies with. */
  secret: string;
  replies: (n: number, req: IncomingMessage) => Reply;
  /** Resolves once `predicate` holds of what arrived, or rejects after `ms`. */
  until(predicate: (received: Received[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(options: { host?: string } = {}): Promise<Receiver> {
  const stalled: ServerResponse[] = [];
  const replies: Receiver['replies'] = () => 204;
  const receiver = { url: '', received: [] as Received[], connections: 0, secret: '', replies } as unknown as Receiver;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      const verify = (secret: string): Received['verified'] => {
        try {
          return new Webhook(secret).verify(body, headers) as Received['verified'];
        } catch {
          return null;
        }
      };
      const verified = verify(receiver.secret);
      const n = receiver.received.length;
      receiver.received.push({
        id: headers['webhook-id'],
        verifiesWith: (secret) => verify(secret) !== null,
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified,
        contentType: req.headers['content-type'],
      });
      const reply = receiver.replies(n, req);
      if (reply === 'stall') return void stalled.push(res);
      if (typeof reply === 'object') return void res.writeHead(302, { location: reply.redirect }).end();
      res.writeHead(reply).end();
    });
  });
  server.on('connection', () => receiver.connections++);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port, address } = server.address() as AddressInfo;
  receiver.url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/hooks`;
  receiver.verifiedIds = () => receiver.received.filter((r) => r.verified).map((r) => r.id);
  receiver.until = async (predicate, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!predicate(receiver.received)) {
      if (Date.now() > deadline)
        throw new Error(
          `the receiver did not get what was awaited within ${ms} ms; it got ${receiver.received.length}: ${receiver.received.map((r) => r.body).join('\n')}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  receiver.close = async () => {
    for (const res of stalled) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}

// The outbox: a security event that the platform is sent becomes a message and one delivery per
// subscribed endpoint, written by the same transaction as the event and its change.
import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '@/core/audit-ports';
import { webhookBodyOf, webhookTypesOf, type WebhookAccountSnapshot } from '@/core/webhook-messages';
import type { WebhookMessageType } from '@/contract/webhook-schemas';
import type { PrismaClient } from './prisma';

export type OutboxTx = Pick<
  PrismaClient,
  'webhookEndpoint' | 'webhookMessage' | 'webhookDelivery' | 'adminAccount' | 'vendorAccount' | 'customerAccount'
>;

/** msg_ and 128 random bits: the webhook-id every attempt of the message carries. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** Whether an endpoint subscribed to `events` is sent messages of `type`. */
export const subscribes = (events: unknown, type: WebhookMessageType) =>
  Array.isArray(events) && (events.includes('*') || events.includes(type));

async function snapshotOf(tx: OutboxTx, role: string, id: string): Promise<WebhookAccountSnapshot | null> {
  if (role === 'admin') {
    const a = await tx.adminAccount.findUnique({ where: { id }, select: { email: true, name: true, adminType: true } });
    return a && { email: a.email, name: a.name, type: a.adminType };
  }
  if (role === 'vendor') {
    const v = await tx.vendorAccount.findUnique({
      where: { id },
      select: { email: true, name: true, vendorType: true, vendorId: true },
    });
    return v && { email: v.email, name: v.name, type: v.vendorType, vendorId: v.vendorId };
  }
  const c = await tx.customerAccount.findUnique({ where: { id }, select: { email: true, name: true } });
  return c && { email: c.email, name: c.name };
}

/** Writes `body` as a message with a delivery to each of `endpointIds`, due at once. */
export async function writeMessage(
  tx: Pick<OutboxTx, 'webhookMessage' | 'webhookDelivery'>,
  type: WebhookMessageType,
  body: object,
  endpointIds: string[],
  now: Date,
): Promise<string> {
  const id = newMessageId();
  await tx.webhookMessage.create({ data: { id, type, body: JSON.stringify(body), createdAt: now } });
  if (endpointIds.length > 0) {
    await tx.webhookDelivery.createMany({
      data: endpointIds.map((endpointId) => ({
        messageId: id,
        endpointId,
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
      })),
    });
  }
  return id;
}

/**
 * Queues the messages `entry` makes for the enabled endpoints subscribed to them; nothing when it
 * makes none or nobody subscribes. Runs inside the transaction that writes `entry`.
 */
export async function enqueueWebhooks(
  tx: OutboxTx,
  entry: AuditEntry,
  now: Date,
  accountId: string | null,
): Promise<void> {
  const types = webhookTypesOf(entry);
  if (types.length === 0) return;
  const endpoints = await tx.webhookEndpoint.findMany({ where: { enabled: true }, select: { id: true, events: true } });
  const wanted = types
    .map((type) => ({ type, to: endpoints.filter((e) => subscribes(e.events, type)).map((e) => e.id) }))
    .filter((w) => w.to.length > 0);
  if (wanted.length === 0) return;
  const account = accountId && entry.event !== 'account_deleted' ? await snapshotOf(tx, entry.role, accountId) : null;
  for (const { type, to } of wanted)
    await writeMessage(tx, type, webhookBodyOf(type, entry, now, accountId, account), to, now);
}

// The admins' webhook endpoints (module `integrations`): registering one with a secret shown once,
// changing, removing and rotating it, the delivery log, and sending again. Each change is an audit event.
import { randomBytes, randomUUID } from 'node:crypto';
import { AuthError } from '../auth-error';
import { hasNonPublicLiteralHost } from '../outbound-address';
import { pageRequestOf, decodeCursor, encodeCursor } from '../paging';
import { createSecretBox } from '../secret-box';
import { parseInput } from '../validation';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../webhook-ports';
import type { Page } from '../../contract/administration-schemas';
import {
  createWebhookEndpointRequest,
  replayRequest,
  updateWebhookEndpointRequest,
  webhookMessageQuery,
  WEBHOOK_TEST_TYPE,
  type WebhookEndpointView,
  type WebhookMessageView,
} from '../../contract/webhook-schemas';
import { auditEntry, causeOf } from './audit';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import type { Principal } from './principal';
import type { AuditEventName } from '../../contract/audit-events';

/** The purpose webhook secrets are sealed under, apart from second-factor secrets. */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secrets';
/** What a sealed secret is bound to: its endpoint. */
export const webhookSecretContext = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/** whsec_ and the base64 of 24 random bytes, as Standard Webhooks libraries take it. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const endpointView = (e: WebhookEndpointRecord): WebhookEndpointView => ({
  id: e.id,
  url: e.url,
  events: e.events,
  enabled: e.enabled,
  description: e.description,
  created_at: e.createdAt.toISOString(),
});

const messageView = (d: WebhookDeliveryRecord): WebhookMessageView => ({
  id: d.messageId,
  type: d.type,
  status: d.status,
  attempts: d.attempts.map((a) => ({
    at: a.at.toISOString(),
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    error: a.error,
  })),
  created_at: d.createdAt.toISOString(),
});

type Deps = Pick<ServiceDeps, 'webhooks' | 'clock' | 'config'>;

export function createWebhookEndpoints({ webhooks, clock, config }: Deps) {
  const box = createSecretBox(config.mfa.encryptionKey, WEBHOOK_SECRET_PURPOSE);

  /**
   * An endpoint change's event: about no account, caused by the admin, naming the endpoint (never its URL, which may
   * hold a token).
   */
  const event = (
    principal: Principal,
    name: AuditEventName,
    endpointId: string,
    details: Record<string, unknown> = {},
  ) =>
    auditEntry(name, { role: 'admin', accountId: null }, causeOf(principal), { endpoint_id: endpointId, ...details });

  /**
   * In production, unless WEBHOOK_ALLOW_PRIVATE: https, and no host that is a non-public address by
   * itself. A name is judged by what it resolves to, at each delivery.
   */
  function assertOutbound(url: string | undefined) {
    if (url === undefined || config.webhooks.allowPrivate) return;
    const parsed = new URL(url);
    const message =
      parsed.protocol !== 'https:'
        ? 'must be an https URL'
        : hasNonPublicLiteralHost(parsed)
          ? 'must not name a loopback, private, link-local, shared (CGNAT), unspecified or other non-public address'
          : undefined;
    if (message) throw new AuthError('validation_failed', `url: ${message}`, { errors: [{ path: 'url', message }] });
  }

  async function endpointOf(id: string) {
    const endpoint = await webhooks.find(id);
    if (!endpoint) throw new AuthError('not_found', 'No such webhook endpoint.');
    return endpoint;
  }
  const gone = () => new AuthError('not_found', 'No such webhook endpoint.');
  const noMessage = () => new AuthError('not_found', 'No such webhook message for this endpoint.');

  /** Sends the message again now to this endpoint alone; the audit event names both. */
  async function resend(principal: Principal, endpointId: string, messageId: string) {
    const audit = event(principal, 'webhook_message_retried', endpointId, { message_id: messageId });
    const retried = await webhooks.resend(endpointId, messageId, clock.now(), audit);
    if (!retried) throw noMessage();
    return messageView(retried);
  }

  return {
    async createWebhookEndpoint(principal: Principal, body: unknown) {
      allowed(principal, 'createWebhookEndpoint');
      const input = parseInput(createWebhookEndpointRequest, body);
      assertOutbound(input.url);
      const id = randomUUID();
      const secret = newSecret();
      const endpoint = {
        id,
        url: input.url,
        events: input.events,
        description: input.description ?? '',
        secretSealed: box.seal(secret, webhookSecretContext(id)),
      };
      const created = await webhooks.create(
        endpoint,
        clock.now(),
        event(principal, 'webhook_endpoint_created', id, { events: input.events }),
      );
      return { ...endpointView(created), secret };
    },

    async listWebhookEndpoints(principal: Principal, query: unknown): Promise<Page<WebhookEndpointView>> {
      allowed(principal, 'listWebhookEndpoints');
      const page = pageRequestOf(query);
      const rows = await webhooks.list(page);
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      return {
        items: items.map(endpointView),
        next_cursor: rows.length > page.limit && last ? encodeCursor(last) : null,
      };
    },

    async getWebhookEndpoint(principal: Principal, id: string) {
      allowed(principal, 'getWebhookEndpoint');
      return endpointView(await endpointOf(id));
    },

    async updateWebhookEndpoint(principal: Principal, id: string, body: unknown) {
      allowed(principal, 'updateWebhookEndpoint');
      const change = parseInput(updateWebhookEndpointRequest, body);
      assertOutbound(change.url);
      const audit = event(principal, 'webhook_endpoint_changed', id, {
        changed: Object.keys(change),
        ...(change.events ? { events: change.events } : {}),
        ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      });
      const updated = await webhooks.update(id, change, clock.now(), audit);
      if (!updated) throw gone();
      return endpointView(updated);
    },

    async deleteWebhookEndpoint(principal: Principal, id: string): Promise<void> {
      allowed(principal, 'deleteWebhookEndpoint');
      if (!(await webhooks.remove(id, clock.now(), event(principal, 'webhook_endpoint_deleted', id)))) throw gone();
    },

    async rotateWebhookSecret(principal: Principal, id: string) {
      allowed(principal, 'rotateWebhookSecret');
      const now = clock.now();
      const secret = newSecret();
      const previousUntil = new Date(now.getTime() + config.webhooks.secretOverlap * 1000);
      const rotated = await webhooks.rotateSecret(
        id,
        box.seal(secret, webhookSecretContext(id)),
        previousUntil,
        now,
        event(principal, 'webhook_secret_rotated', id),
      );
      if (!rotated) throw gone();
      return { secret, previous_valid_until: previousUntil.toISOString() };
    },

    async testWebhookEndpoint(principal: Principal, id: string) {
      allowed(principal, 'testWebhookEndpoint');
      await endpointOf(id);
      const now = clock.now();
      const body = { type: WEBHOOK_TEST_TYPE, timestamp: now.toISOString(), data: { endpoint_id: id } };
      return {
        id: await webhooks.queueTest(id, WEBHOOK_TEST_TYPE, body, now, event(principal, 'webhook_test_sent', id)),
      };
    },

    async listWebhookMessages(principal: Principal, id: string, query: unknown): Promise<Page<WebhookMessageView>> {
      allowed(principal, 'listWebhookMessages');
      const q = parseInput(webhookMessageQuery, query ?? {});
      // The query is judged before the endpoint is looked up: a malformed cursor is 400 on any path.
      const key = q.cursor ? decodeCursor(q.cursor) : undefined;
      await endpointOf(id);
      const rows = await webhooks.listDeliveries(id, q.status ? { status: q.status } : {}, {
        limit: q.limit,
        ...(key ? { before: key } : {}),
      });
      const items = rows.slice(0, q.limit);
      const last = items.at(-1);
      return { items: items.map(messageView), next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null };
    },

    async retryWebhookDelivery(principal: Principal, endpointId: string, messageId: string) {
      allowed(principal, 'retryWebhookDelivery');
      return resend(principal, endpointId, messageId);
    },

    /** The message-wide route, kept for a message sent to one endpoint: with more, which one is the caller's to say. */
    async retryWebhookMessage(principal: Principal, messageId: string) {
      allowed(principal, 'retryWebhookMessage');
      const endpoints = await webhooks.endpointsOfMessage(messageId);
      if (endpoints.length === 0) throw noMessage();
      if (endpoints.length > 1) {
        throw new AuthError(
          'conflict',
          `The message was sent to ${endpoints.length} endpoints: send it again to one of them with POST /api/v1/admin/webhook-endpoints/{endpointId}/messages/${messageId}/retry.`,
        );
      }
      return resend(principal, endpoints[0]!, messageId);
    },

    async replayWebhookMessages(principal: Principal, id: string, body: unknown) {
      allowed(principal, 'replayWebhookMessages');
      const { since } = parseInput(replayRequest, body);
      await endpointOf(id);
      const queued = await webhooks.replay(
        id,
        new Date(since),
        clock.now(),
        event(principal, 'webhook_messages_replayed', id, { since }),
      );
      return { queued };
    },
  };
}

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;

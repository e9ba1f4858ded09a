// The port of webhook endpoints as the admins manage them, and of their delivery log. Secrets reach
// storage sealed; each change takes its audit entry and commits with it.
import type { AuditEntry } from './audit-ports';
import type { PageKey } from './ports';
import type { WebhookStatus } from '../contract/webhook-schemas';

export interface WebhookEndpointRecord extends PageKey {
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
}

export interface WebhookAttemptRecord {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** One message as an endpoint's delivery log shows it. */
export interface WebhookDeliveryRecord extends PageKey {
  messageId: string;
  type: string;
  status: WebhookStatus;
  attempts: WebhookAttemptRecord[];
}

export interface NewWebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  description: string;
  secretSealed: string;
}

export interface WebhookEndpointChange {
  url?: string;
  events?: string[];
  description?: string;
  enabled?: boolean;
}

export interface WebhookRepository {
  create(endpoint: NewWebhookEndpoint, now: Date, audit: AuditEntry): Promise<WebhookEndpointRecord>;
  list(page: { limit: number; after?: PageKey }): Promise<WebhookEndpointRecord[]>;
  find(id: string): Promise<WebhookEndpointRecord | null>;
  /** Null when the endpoint is gone. */
  update(
    id: string,
    change: WebhookEndpointChange,
    now: Date,
    audit: AuditEntry,
  ): Promise<WebhookEndpointRecord | null>;
  remove(id: string, now: Date, audit: AuditEntry): Promise<boolean>;
  /** The new sealed secret signs from now on; the current one also signs until `previousUntil`. */
  rotateSecret(id: string, secretSealed: string, previousUntil: Date, now: Date, audit: AuditEntry): Promise<boolean>;
  /** Queues a message of `type` with `body` to this endpoint alone: its id. */
  queueTest(id: string, type: string, body: object, now: Date, audit: AuditEntry): Promise<string>;
  /** Newest first, strictly before `before`: up to `limit + 1` rows. */
  listDeliveries(
    endpointId: string,
    filter: { status?: WebhookStatus },
    page: { limit: number; before?: PageKey },
  ): Promise<WebhookDeliveryRecord[]>;
  /** The endpoints that have a delivery of the message: none when the message is unknown. */
  endpointsOfMessage(messageId: string): Promise<string[]>;
  /**
   * A new round of attempts, due at once, for the message's delivery to this endpoint alone (unless
   * an attempt of it is under way); every other endpoint's delivery is left as it is. Null when the
   * endpoint has no delivery of the message.
   */
  resend(endpointId: string, messageId: string, now: Date, audit: AuditEntry): Promise<WebhookDeliveryRecord | null>;
  /** A new round for every delivery of the endpoint created at or after `since`: how many. */
  replay(endpointId: string, since: Date, now: Date, audit: AuditEntry): Promise<number>;
}

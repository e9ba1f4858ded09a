// The wire contract of events to the platform (Standard Webhooks): the event types, the body every
// message carries, and the requests and answers of the admins' webhook endpoint routes.
import { z } from 'zod';
import { pageOf, pageQuery } from './administration-schemas';
import { roleSchema } from './auth-schemas';

/** Every type an endpoint can subscribe to; docs/webhooks.md says when each is sent and what it carries. */
export const WEBHOOK_EVENT_TYPES = [
  'account.created',
  'account.updated',
  'account.disabled',
  'account.enabled',
  'account.deleted',
  'sessions.ended',
  'password.changed',
  'mfa.changed',
  'customer.registered',
  'customer.deleted',
  'customer.guest_converted',
  'terminal.paired',
  'terminal.unpaired',
  'sign_in.locked',
  'app.authorized',
  'app.revoked',
  'approval.granted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the message `POST .../test` queues: sent to that endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_TYPE;

export const WEBHOOK_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

// Message bodies
const webhookAccount = z.object({
  id: z.string(),
  role: roleSchema.optional().meta({ description: 'Absent only in customer.deleted, which carries the id alone.' }),
  type: z.string().optional().meta({ description: 'admin_type or vendor_type.' }),
  vendor_id: z.string().optional(),
});

export const webhookData = z
  .object({
    account: webhookAccount
      .optional()
      .meta({ description: 'The account the event is about; absent in terminal events.' }),
    actor: z.object({ role: roleSchema, id: z.string() }).nullable().optional().meta({
      description: 'The account whose credentials caused it; null for the operator CLI and anonymous causes.',
    }),
    changed: z.array(z.string()).optional().meta({ description: 'The names of the changed fields (account.updated).' }),
    email: z
      .string()
      .optional()
      .meta({ description: 'Only in account.created, account.updated and customer.registered.' }),
    name: z
      .string()
      .optional()
      .meta({ description: 'Only in account.created, account.updated and customer.registered.' }),
    terminal_id: z.string().optional(),
    vendor_id: z.string().optional().meta({ description: 'The business of a terminal event.' }),
    guest_id: z
      .string()
      .optional()
      .meta({ description: "customer.guest_converted: the guest session that became the customer's." }),
    customer_id: z.string().optional().meta({ description: 'customer.guest_converted: the customer it is linked to.' }),
    limit: z.string().optional().meta({
      description: 'sign_in.locked: which limit was reached (sign_in, password_reset, code_mail, registration, pin).',
    }),
    provider: z
      .string()
      .optional()
      .meta({ description: 'The identity provider, where the event came from a sign-in with one.' }),
    client_id: z.string().optional().meta({ description: 'app.authorized and app.revoked: the app.' }),
    scopes: z
      .array(z.string())
      .optional()
      .meta({ description: 'app.authorized: the scopes the person allowed this time.' }),
    approval: z
      .object({
        id: z.string(),
        action: z.string(),
        reference: z.string(),
        amount: z.string().nullable(),
        requester_id: z.string(),
        store_id: z.string(),
      })
      .optional()
      .meta({ description: 'approval.granted: what the manager (`account`) approved at the terminal.' }),
  })
  .meta({ description: 'Never a password, hash, token, code or secret.' });
export type WebhookData = z.infer<typeof webhookData>;

export const webhookBody = z.object({
  type: z.string(),
  timestamp: z.string().meta({ description: 'When the change happened (ISO 8601, UTC).' }),
  data: webhookData,
});
export type WebhookBody = z.infer<typeof webhookBody>;

// Endpoint routes
const MAX_URL = 2000;
const endpointUrl = z
  .string()
  .trim()
  .max(MAX_URL)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'must be an http or https URL' })
  .refine((v) => !URL.canParse(v) || (new URL(v).username === '' && new URL(v).password === ''), {
    message: 'must not carry a user name or password',
  })
  .meta({ description: 'Where messages are POSTed; https in production.', format: 'uri' });
const endpointEvents = z
  .array(z.enum([...WEBHOOK_EVENT_TYPES, '*']))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .transform((list) => (list.includes('*') ? ['*' as const] : [...new Set(list)]))
  .meta({ description: 'The event types to send, or ["*"] for all.' });
const description = z.string().trim().max(500);

export const createWebhookEndpointRequest = z.object({
  url: endpointUrl,
  events: endpointEvents,
  description: description.optional(),
});
export const updateWebhookEndpointRequest = z
  .object({
    url: endpointUrl.optional(),
    events: endpointEvents.optional(),
    enabled: z.boolean().optional(),
    description: description.optional(),
  })
  .refine((o) => Object.keys(o).length > 0, { message: 'send at least one field to change' });

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  description: z.string(),
  created_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;
export const webhookEndpointWithSecret = webhookEndpoint.extend({
  secret: z.string().meta({ description: 'whsec_ and the base64 of 24 random bytes: shown this once.' }),
});
export const webhookSecret = z.object({
  secret: z.string(),
  previous_valid_until: z.string().meta({ description: 'Until then messages carry the old signature too.' }),
});
export const webhookEndpointPage = pageOf(webhookEndpoint);

export const webhookAttempt = z.object({
  at: z.string(),
  status_code: z
    .number()
    .int()
    .min(100)
    .max(599)
    .nullable()
    .meta({ description: 'Null when no answer came (timeout, refused address, connection error).' }),
  duration_ms: z.number().int().min(0).max(86_400_000),
  error: z.string().nullable(),
});
export const webhookMessage = z.object({
  id: z.string().meta({ description: 'The webhook-id header (msg_...).' }),
  type: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  attempts: z.array(webhookAttempt),
  created_at: z.string(),
});
export type WebhookMessageView = z.infer<typeof webhookMessage>;
export const webhookMessagePage = pageOf(webhookMessage);
export const webhookMessageQuery = pageQuery.extend({ status: z.enum(WEBHOOK_STATUSES).optional() });

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant such as 2026-11-26T12:00:00Z' });
export const replayRequest = z.object({ since: instant.max(40) });
export const replayResult = z.object({
  queued: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER - 1),
});
export const queuedMessage = z.object({ id: z.string() });

// The admins' webhook endpoint routes (module `integrations`): endpoints, their secrets, the delivery
// log of their messages, and sending again (one message, everything since a time, a test message).
import {
  createWebhookEndpointRequest,
  queuedMessage,
  replayRequest,
  replayResult,
  updateWebhookEndpointRequest,
  webhookEndpoint,
  webhookEndpointPage,
  webhookEndpointWithSecret,
  webhookMessage,
  webhookMessagePage,
  webhookMessageQuery,
  webhookSecret,
} from './webhook-schemas';
import { pageQuery } from './administration-schemas';
import { BODY_ERRORS, route } from './route';

const BEARER = { role: 'admin', auth: 'bearer' } as const;
const GUARDED = ['invalid_token', 'forbidden'] as const;
const base = '/admin/webhook-endpoints';
const one = `${base}/{endpointId}`;

export const webhookRoutes = {
  createWebhookEndpoint: route({
    ...BEARER,
    methods: ['POST'],
    path: base,
    body: createWebhookEndpointRequest,
    result: webhookEndpointWithSecret,
    resultStatuses: [201],
    errors: [...GUARDED, ...BODY_ERRORS],
    summary: 'Register a webhook endpoint',
    description:
      'Events of the listed types are POSTed to the URL as Standard Webhooks. The signing secret is in this answer only. Needs the `integrations` module.',
  }),
  listWebhookEndpoints: route({
    ...BEARER,
    methods: ['GET'],
    path: base,
    body: undefined,
    query: pageQuery,
    result: webhookEndpointPage,
    resultStatuses: [200],
    errors: [...GUARDED, 'validation_failed'],
    summary: 'Webhook endpoints',
    description: 'Every endpoint, oldest first; never a secret.',
  }),
  getWebhookEndpoint: route({
    ...BEARER,
    methods: ['GET'],
    path: one,
    body: undefined,
    result: webhookEndpoint,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found'],
    summary: 'One webhook endpoint',
    description: 'The endpoint; never its secret.',
  }),
  updateWebhookEndpoint: route({
    ...BEARER,
    methods: ['PATCH'],
    path: one,
    body: updateWebhookEndpointRequest,
    result: webhookEndpoint,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found', ...BODY_ERRORS],
    summary: 'Change a webhook endpoint',
    description:
      'Its URL, event types, description, or whether it is enabled. A disabled endpoint is sent nothing; its pending messages wait.',
  }),
  deleteWebhookEndpoint: route({
    ...BEARER,
    methods: ['DELETE'],
    path: one,
    body: undefined,
    result: undefined,
    resultStatuses: [204],
    errors: [...GUARDED, 'not_found'],
    summary: 'Remove a webhook endpoint',
    description: 'The endpoint and its delivery log go; nothing more is sent to it.',
  }),
  rotateWebhookSecret: route({
    ...BEARER,
    methods: ['POST'],
    path: `${one}/secret`,
    body: undefined,
    result: webhookSecret,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found'],
    summary: 'Rotate the signing secret',
    description:
      'A new secret, shown this once; for WEBHOOK_SECRET_OVERLAP every message carries the old signature beside the new.',
  }),
  testWebhookEndpoint: route({
    ...BEARER,
    methods: ['POST'],
    path: `${one}/test`,
    body: undefined,
    result: queuedMessage,
    resultStatuses: [202],
    errors: [...GUARDED, 'not_found'],
    summary: 'Send a test message',
    description: 'Queues a `webhook.test` message to this endpoint.',
  }),
  listWebhookMessages: route({
    ...BEARER,
    methods: ['GET'],
    path: `${one}/messages`,
    body: undefined,
    query: webhookMessageQuery,
    result: webhookMessagePage,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found', 'validation_failed'],
    summary: 'Delivery log',
    description:
      'The messages of this endpoint, newest first, each with every attempt (time, status code, duration, error).',
  }),
  replayWebhookMessages: route({
    ...BEARER,
    methods: ['POST'],
    path: `${one}/replay`,
    body: replayRequest,
    result: replayResult,
    resultStatuses: [202],
    errors: [...GUARDED, 'not_found', ...BODY_ERRORS],
    summary: 'Send again since a time',
    description: 'Queues again every message of this endpoint created since `since`.',
  }),
  retryWebhookDelivery: route({
    ...BEARER,
    methods: ['POST'],
    path: `${one}/messages/{messageId}/retry`,
    body: undefined,
    result: webhookMessage,
    resultStatuses: [202],
    errors: [...GUARDED, 'not_found'],
    summary: 'Send a message again to this endpoint',
    description:
      "A new round of attempts to this endpoint alone, starting at once, with the same webhook-id; every other endpoint's delivery of the message is left as it is. A delivery being attempted right now finishes that attempt first.",
  }),
  retryWebhookMessage: route({
    ...BEARER,
    methods: ['POST'],
    path: '/admin/webhook-messages/{messageId}/retry',
    body: undefined,
    result: webhookMessage,
    resultStatuses: [202],
    errors: [...GUARDED, 'not_found', 'conflict'],
    summary: 'Send a message to one endpoint again now',
    description:
      'For a message sent to one endpoint only (a test message, say): a new round of attempts to it, starting at once, with the same webhook-id. A message sent to several endpoints is 409 conflict: send it again to one of them with POST /admin/webhook-endpoints/{endpointId}/messages/{messageId}/retry.',
  }),
};

// The document's `webhooks`: one entry per event type the service POSTs to the endpoints admins
// register, with the Standard Webhooks headers a receiver verifies.
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE } from '@/contract/webhook-schemas';
import { schemaRef } from './component-schemas';

const HEADERS = [
  { name: 'webhook-id', description: 'msg_...: the same on every attempt of the message; deduplicate by it.' },
  { name: 'webhook-timestamp', description: "The attempt's time in Unix seconds." },
  {
    name: 'webhook-signature',
    description:
      'v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>"> under the secret; two, space-separated, while a rotated secret overlaps.',
  },
].map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

const camel = (type: string) => type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase());

/** The `webhooks` map: the key is the type; the body's `type` is that constant. */
export function webhookEntries() {
  return Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE].map((type) => [
      type,
      {
        post: {
          operationId: `webhook${camel(`.${type}`)}`,
          tags: ['webhooks'],
          summary: `${type} event`,
          description: `Sent to each enabled endpoint subscribed to \`${type}\` (or \`*\`). docs/webhooks.md says when and what \`data\` holds. Verify the signature with a Standard Webhooks library before trusting it.`,
          security: [],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  allOf: [schemaRef('WebhookEventBody'), { type: 'object', properties: { type: { const: type } } }],
                },
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx answer: delivered.' },
            default: {
              description:
                'Anything else, a redirect or no answer within the timeout: the attempt failed and is retried.',
            },
          },
        },
      },
    ]),
  );
}

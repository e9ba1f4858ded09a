// The wire contract of service clients: the platform's other services, which introspect access
// tokens and read the revocation feed with HTTP Basic credentials, as the admins manage them.
import { z } from 'zod';
import { pageOf } from './administration-schemas';

export const createServiceClientRequest = z.object({
  name: z.string().trim().min(1).max(200).meta({ description: 'What the service is ("orders", "catalogue").' }),
});

export const serviceClient = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string().meta({ description: 'The HTTP Basic user name of the service; not secret.' }),
  created_at: z.string(),
});
export type ServiceClientView = z.infer<typeof serviceClient>;

export const serviceClientWithSecret = serviceClient.extend({
  client_secret: z
    .string()
    .meta({ description: '256 random bits (base64url): shown this once, stored only as a hash.' }),
});
export const serviceClientSecret = z.object({
  client_id: z.string(),
  client_secret: z.string().meta({ description: 'The new secret: shown this once.' }),
  previous_valid_until: z
    .string()
    .meta({ description: 'Until then the previous secret is accepted too (SERVICE_SECRET_OVERLAP).' }),
});
export const serviceClientPage = pageOf(serviceClient);

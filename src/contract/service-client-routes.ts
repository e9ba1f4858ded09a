// The admins' service-client routes (module `integrations`): the credentials with which the
// platform's other services introspect tokens and read the revocation feed.
import { pageQuery } from './administration-schemas';
import { BODY_ERRORS, route } from './route';
import { createServiceClientRequest, serviceClientPage, serviceClientSecret, serviceClientWithSecret } from './service-client-schemas';

const BEARER = { role: 'admin', auth: 'bearer' } as const;
const GUARDED = ['invalid_token', 'forbidden'] as const;
const base = '/admin/service-clients';
const one = `${base}/{serviceClientId}`;

export const serviceClientRoutes = {
  createServiceClient: route({
    ...BEARER, methods: ['POST'], path: base, body: createServiceClientRequest, result: serviceClientWithSecret, resultStatuses: [201],
    errors: [...GUARDED, ...BODY_ERRORS], summary: 'Register a service client',
    description: 'A client id and secret with which a service of the platform calls `/auth/introspect` and `/auth/revocations` (HTTP Basic). The secret is in this answer only. Needs the `integrations` module.',
  }),
  listServiceClients: route({
    ...BEARER, methods: ['GET'], path: base, body: undefined, query: pageQuery, result: serviceClientPage, resultStatuses: [200],
    errors: [...GUARDED, 'validation_failed'], summary: 'Service clients', description: 'Every service client, oldest first; never a secret.',
  }),
  rotateServiceClientSecret: route({
    ...BEARER, methods: ['POST'], path: `${one}/secret`, body: undefined, result: serviceClientSecret, resultStatuses: [200], errors: [...GUARDED, 'not_found'],
    summary: 'Rotate a service client\'s secret', description: 'A new secret, shown this once; the previous one keeps working for SERVICE_SECRET_OVERLAP (24 hours by default), so the service can be given the new one without a pause.',
  }),
  deleteServiceClient: route({
    ...BEARER, methods: ['DELETE'], path: one, body: undefined, result: undefined, resultStatuses: [204], errors: [...GUARDED, 'not_found'],
    summary: 'Remove a service client', description: 'Its credentials stop working at once, the previous secret too.',
  }),
};

// The admins' service-client routes (module `integrations`): the credentials with which the
// platform's other services introspect tokens and read the revocation feed; and those two routes,
// which the services call with their client credentials (HTTP Basic).
import { pageQuery } from './administration-schemas';
import { introspectionAnswer, introspectionRequest, revocationPage, revocationQuery } from './revocation-schemas';
import { BODY_ERRORS, route } from './route';
import {
  createServiceClientRequest,
  serviceClientPage,
  serviceClientSecret,
  serviceClientWithSecret,
} from './service-client-schemas';

const BEARER = { role: 'admin', auth: 'bearer' } as const;
const GUARDED = ['invalid_token', 'forbidden'] as const;
const base = '/admin/service-clients';
const one = `${base}/{serviceClientId}`;

export const serviceClientRoutes = {
  createServiceClient: route({
    ...BEARER,
    methods: ['POST'],
    path: base,
    body: createServiceClientRequest,
    result: serviceClientWithSecret,
    resultStatuses: [201],
    errors: [...GUARDED, ...BODY_ERRORS],
    summary: 'Register a service client',
    description:
      'A client id and secret with which a service of the platform calls `/auth/introspect` and `/auth/revocations` (HTTP Basic). The secret is in this answer only. Needs the `integrations` module.',
  }),
  listServiceClients: route({
    ...BEARER,
    methods: ['GET'],
    path: base,
    body: undefined,
    query: pageQuery,
    result: serviceClientPage,
    resultStatuses: [200],
    errors: [...GUARDED, 'validation_failed'],
    summary: 'Service clients',
    description: 'Every service client, oldest first; never a secret.',
  }),
  rotateServiceClientSecret: route({
    ...BEARER,
    methods: ['POST'],
    path: `${one}/secret`,
    body: undefined,
    result: serviceClientSecret,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found'],
    summary: "Rotate a service client's secret",
    description:
      'A new secret, shown this once; the previous one keeps working for SERVICE_SECRET_OVERLAP (24 hours by default), so the service can be given the new one without a pause.',
  }),
  deleteServiceClient: route({
    ...BEARER,
    methods: ['DELETE'],
    path: one,
    body: undefined,
    result: undefined,
    resultStatuses: [204],
    errors: [...GUARDED, 'not_found'],
    summary: 'Remove a service client',
    description: 'Its credentials stop working at once, the previous secret too.',
  }),
};

const CLIENT = { role: null, auth: 'client' } as const;
const CLIENT_ERRORS = ['invalid_client', 'rate_limited', 'validation_failed'] as const;

export const serviceCallRoutes = {
  introspect: route({
    ...CLIENT,
    methods: ['POST'],
    path: '/auth/introspect',
    body: introspectionRequest,
    bodyEncoding: 'form',
    result: introspectionAnswer,
    resultStatuses: [200],
    errors: [...CLIENT_ERRORS, 'payload_too_large', 'unsupported_media_type'],
    summary: 'Introspect an access token',
    description:
      "RFC 7662 token introspection for the platform's services, with a service client's id and secret by HTTP Basic (each form-url-encoded first, as RFC 6749 section 2.3.1 says). `{\"active\": false}` and nothing else for anything that is not a live access token: a bad signature, an expired token, another kind of token, a session ended (logout, revoked, password changed or reset), a disabled or deleted account, an unpaired terminal. The checks are those of this service's own routes. Limited per client (INTROSPECT_PER_MINUTE).",
  }),
  revocations: route({
    ...CLIENT,
    methods: ['GET'],
    path: '/auth/revocations',
    body: undefined,
    query: revocationQuery,
    result: revocationPage,
    resultStatuses: [200],
    errors: [...CLIENT_ERRORS, 'cursor_expired'],
    summary: 'The revocation feed',
    description:
      "What ended after the cursor, oldest first: sessions, every token of an account, a terminal's PIN sessions. With nothing after the cursor the answer waits up to `wait` seconds for an entry, then answers an empty page (at once when the instance shuts down). Without a cursor: the current cursor and no items. Entries are kept at least the access-token lifetime plus 5 minutes (REVOCATION_RETENTION); an older cursor, or one this service never gave, is 410 `cursor_expired`: start again without one, and check tokens issued before that by introspection. Same client authentication and limit as introspection.",
  }),
};

// The routes the platform's other services call with their client credentials (HTTP Basic):
// introspecting an access token (RFC 7662) and reading the revocation feed.
import { route } from './route';
import { introspectionAnswer, introspectionRequest, revocationPage, revocationQuery } from './revocation-schemas';

const CLIENT = { role: null, auth: 'client' } as const;
const CLIENT_ERRORS = ['invalid_client', 'rate_limited', 'validation_failed'] as const;

export const serviceCallRoutes = {
  introspect: route({
    ...CLIENT, methods: ['POST'], path: '/auth/introspect', body: introspectionRequest, bodyEncoding: 'form', result: introspectionAnswer, resultStatuses: [200],
    errors: [...CLIENT_ERRORS, 'payload_too_large', 'unsupported_media_type'],
    summary: 'Introspect an access token',
    description:
      'RFC 7662 token introspection for the platform\'s services, with a service client\'s id and secret by HTTP Basic (each form-url-encoded first, as RFC 6749 section 2.3.1 says). `{"active": false}` and nothing else for anything that is not a live access token: a bad signature, an expired token, another kind of token, a session ended (logout, revoked, password changed or reset), a disabled or deleted account, an unpaired terminal. The checks are those of this service\'s own routes. Limited per client (INTROSPECT_PER_MINUTE).',
  }),
  revocations: route({
    ...CLIENT, methods: ['GET'], path: '/auth/revocations', body: undefined, query: revocationQuery, result: revocationPage, resultStatuses: [200],
    errors: [...CLIENT_ERRORS, 'cursor_expired'],
    summary: 'The revocation feed',
    description:
      'What ended after the cursor, oldest first: sessions, every token of an account, a terminal\'s PIN sessions. With nothing after the cursor the answer waits up to `wait` seconds for an entry, then answers an empty page (at once when the instance shuts down). Without a cursor: the current cursor and no items. Entries are kept at least the access-token lifetime plus 5 minutes (REVOCATION_RETENTION); an older cursor, or one this service never gave, is 410 `cursor_expired`: start again without one, and check tokens issued before that by introspection. Same client authentication and limit as introspection.',
  }),
};

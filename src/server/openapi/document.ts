// The OpenAPI 3.1 document of the REST contract, generated from the route table the typed client
// uses and the zod schemas both sides share; served at /api/v1/openapi.json and shown at /docs/api.
import { NAMED_ROUTES } from '@/contract/routes';
import {
  API_PREFIX,
  errorsOf,
  pathParameter,
  pathParameterNames,
  type RestRoute,
  type RouteAuth,
} from '@/contract/route';
import { ANSWER_HEADERS, HEADER_COMPONENTS } from './answer-headers';
import { componentSchemas, inputSchema, queryParameters, schemaRef } from './component-schemas';
import { problemResponse, problemResponses } from './problem-responses';
import { webhookEntries } from './webhook-entries';

export const OPENAPI_PATH = '/openapi.json';

const DESCRIPTION = `The authentication service of the commerce platform, for outside callers: POS terminals,
single-page apps and scripts. Every path is under \`/api/v1\`. Field names are snake_case.

**Tokens.** Send the access token as \`Authorization: Bearer <access_token>\`. When an authenticated
call answers 401, call the refresh route of the same role with the stored \`refresh_token\`, store the
new pair and retry the call once. Issue at most one refresh at a time; there is no timer-based refresh.
The password-reset routes never trigger a refresh: their 401 is a wrong code or reset token.

**Errors.** Every error is \`application/problem+json\` (RFC 9457) with a stable \`code\`. A path not
listed here answers 404 \`not_found\`; a listed path called with another method answers 405
\`method_not_allowed\` with an \`Allow\` header.`;

const TAGS = [
  { name: 'admin', description: 'Administrators of the platform: signing in, tokens and password reset.' },
  {
    name: 'admin administration',
    description:
      'Admin accounts, vendor businesses with their accounts, stores and terminals, customers, and sessions.',
  },
  {
    name: 'vendor',
    description:
      'Vendor owners and employees at stores and POS terminals: signing in, tokens, context and password reset.',
  },
  { name: 'vendor administration', description: "A business's own accounts, stores and terminals, and sessions." },
  {
    name: 'customer',
    description:
      'Shoppers: registration with an e-mailed code, password or code sign-in, tokens, their own account and data, password reset.',
  },
  {
    name: 'terminal',
    description: 'A paired POS terminal: pairing the device, its staff list and switching user with a PIN.',
  },
  { name: 'service', description: 'The service itself.' },
  {
    name: 'platform services',
    description:
      "What the platform's other services ask with a service client's credentials: token introspection (RFC 7662) and the revocation feed.",
  },
  {
    name: 'webhooks',
    description: 'Events this service POSTs to the endpoints admins register, as Standard Webhooks 1.0.',
  },
];

/** What the access tokens are, for reviewers who check JWT handling (RFC 8725, JWT best current practices). */
const BEARER_DESCRIPTION = `The access token of a login or refresh of the route's role: a JWS signed with HS256 (HMAC with
SHA-256) under a server-held secret, following RFC8725 (JSON Web Token Best Current Practices): the
algorithm is fixed by the server and never taken from the token's header (\`none\` and every other
algorithm are refused), and the \`typ\` header, issuer, audience, expiry, purpose and role are checked on every call.
Access tokens are short-lived; the refresh route of the same role rotates a refresh token for a new pair.`;

/** Why Basic: RFC 7662 section 2.1 and RFC 6749 section 2.3.1 name it, and OAuth libraries send it. */
const CLIENT_DESCRIPTION = `A service client's client id and secret (registered by an admin, /admin/service-clients), as RFC
6749 section 2.3.1 says: each form-url-encoded, joined by a colon, base64-encoded. Over HTTPS only; the
secret is 256 random bits, stored hashed, and a rotated one keeps working for SERVICE_SECRET_OVERLAP.`;

/**
 * What each kind of route takes. Public operations say so explicitly: no requirement at all. An
 * enrolment route takes the bearer token or, as its other alternative, no header at all: the
 * `mfa_token` then travels in the body (its schema and the operation's description say so), which
 * no OpenAPI security scheme can name.
 */
const SECURITY: Record<RouteAuth, object[]> = {
  bearer: [{ bearerAuth: [] }],
  bearer_or_mfa_token: [{ bearerAuth: [] }, {}],
  terminal: [{ terminalToken: [] }],
  client: [{ clientBasic: [] }],
  none: [],
};

const MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

const SUCCESS: Record<number, string> = {
  200: 'Success.',
  201: 'Created.',
  204: 'Done; no body.',
  503: 'Answered with the same body shape.',
};

/** Path parameters from the `{name}` segments, then the query's parameters. */
function parameters(route: RestRoute) {
  const inPath = pathParameterNames(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: inputSchema(pathParameter),
  }));
  return [...inPath, ...(route.query ? queryParameters(route.query) : [])];
}

function operation(
  operationId: string,
  tag: string,
  route: RestRoute,
  refOf: ReturnType<typeof componentSchemas>['refOf'],
) {
  const success = Object.fromEntries(
    route.resultStatuses.map((status) => [
      String(status),
      route.result === undefined
        ? { description: SUCCESS[status] ?? 'Success.', headers: ANSWER_HEADERS }
        : {
            description: SUCCESS[status] ?? 'Success.',
            headers: ANSWER_HEADERS,
            content: { 'application/json': { schema: refOf(route.result) } },
          },
    ]),
  );
  const params = parameters(route);
  return {
    operationId,
    tags: [tag],
    summary: route.summary,
    description: route.description,
    ...(params.length ? { parameters: params } : {}),
    security: SECURITY[route.auth],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [MEDIA_TYPES[route.bodyEncoding ?? 'json']]: { schema: refOf(route.body) } },
          },
        }
      : {}),
    responses: { ...success, ...problemResponses(errorsOf(route)) },
  };
}

/** The whole document; deterministic, so it can be built once per process. */
export function buildOpenApiDocument() {
  const { schemas, refOf } = componentSchemas();
  const paths: Record<string, Record<string, object>> = {};
  for (const { name, group, route } of NAMED_ROUTES) {
    const item = (paths[route.path] ??= {});
    for (const method of route.methods) {
      // Routes serving two methods (vendor context) get one operation id per method.
      const operationId =
        route.methods.length > 1 ? `${name}${method === 'GET' ? '' : method[0] + method.slice(1).toLowerCase()}` : name;
      item[method.toLowerCase()] = operation(operationId, group, route, refOf);
    }
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'openApiDocument',
      tags: ['service'],
      summary: 'This document',
      description:
        'The OpenAPI 3.1 document of the REST contract, generated from the same zod schemas the service validates with.',
      security: [],
      responses: {
        '200': {
          description: 'The document.',
          headers: ANSWER_HEADERS,
          content: { 'application/json': { schema: schemaRef('OpenApiDocument') } },
        },
        ...problemResponses([]),
      },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce Auth REST API',
      version: '1',
      description: DESCRIPTION,
      // An SPDX reference for a licence that is not on the SPDX list: the platform's own terms.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: "The commerce platform's authentication team" },
    },
    // Relative, so every deployment (local, staging, production) describes itself; callers reach it from outside.
    servers: [
      {
        url: API_PREFIX,
        description: 'This service, in production or local (relative to the document).',
        'x-internal': false,
      },
    ],
    tags: TAGS,
    paths,
    webhooks: webhookEntries(),
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: BEARER_DESCRIPTION },
        terminalToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Terminal-Token',
          description: 'The credential a device got from /auth/terminal/pair.',
        },
        clientBasic: { type: 'http', scheme: 'basic', description: CLIENT_DESCRIPTION },
      },
      headers: HEADER_COMPONENTS,
      responses: {
        // Not tied to an operation: the answer of every path under /api/v1 that this document does not list.
        NotFound: problemResponse(404, ['not_found']),
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let cached: OpenApiDocument | undefined;
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}

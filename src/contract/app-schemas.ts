// The wire contract of the platform's apps: the OAuth 2.1 / OpenID Connect clients (a merchant's
// app, a partner storefront, an agent) as the admins register and manage them, and their scopes.
import { z } from 'zod';
import { pageOf } from './administration-schemas';
import { MODULE_ACTIONS, VENDOR_MODULES } from './module-keys';

/** The OpenID Connect scopes: who the person is, and a refresh token. */
export const IDENTITY_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** One scope per module of a business and action: what an app may do there for the staff member. */
export const BUSINESS_SCOPES = VENDOR_MODULES.flatMap((module) =>
  MODULE_ACTIONS.map((action) => `${module}:${action}` as const),
);

/** Every scope an app may be registered with. */
export const APP_SCOPES = [...IDENTITY_SCOPES, ...BUSINESS_SCOPES] as const;
export type AppScope = (typeof APP_SCOPES)[number];

export const APP_TYPES = ['confidential', 'public'] as const;
export type AppType = (typeof APP_TYPES)[number];

const MAX_URL = 2000;

/** 127.0.0.0/8, ::1 and localhost: where a native app listens for its answer (RFC 8252 section 7.3). */
const isLoopbackHost = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

const parsedOrNull = (value: string) => (URL.canParse(value) ? new URL(value) : null);

const redirectUri = z
  .string()
  .max(MAX_URL)
  .refine((v) => parsedOrNull(v) !== null && v.trim() === v, { message: 'must be an absolute URL' })
  .refine(
    (v) => {
      const url = parsedOrNull(v);
      return !url || url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
    },
    { message: 'must be https, or http on a loopback address (a native app)' },
  )
  .refine((v) => !v.includes('#'), { message: 'must not carry a fragment' })
  .refine(
    (v) => {
      const url = parsedOrNull(v);
      return !url || (url.username === '' && url.password === '');
    },
    { message: 'must not carry a user name or password' },
  )
  .meta({
    description:
      'Matched exactly: https, or http on a loopback address (127.0.0.1, [::1], localhost) for a native app, whose port may then differ (RFC 8252).',
    format: 'uri',
  });

const homepageUrl = z
  .string()
  .trim()
  .max(MAX_URL)
  .refine((v) => /^https?:$/.test(parsedOrNull(v)?.protocol ?? ''), { message: 'must be an http or https URL' })
  .meta({ description: 'Shown on the consent page.', format: 'uri' });

const unique = <T>(list: T[]) => [...new Set(list)];
const redirectUris = z.array(redirectUri).min(1).max(20).transform(unique);
const scopes = z.array(z.enum(APP_SCOPES)).min(1).max(APP_SCOPES.length).transform(unique).meta({
  description:
    'The scopes the app may ask for: openid, profile, email, offline_access, and <module>:<action> of a business (orders:read, catalogue:write).',
});
const name = z.string().trim().min(1).max(200).meta({ description: 'Shown on the consent page.' });

export const createAppRequest = z.object({
  name,
  redirect_uris: redirectUris,
  scopes,
  type: z
    .enum(APP_TYPES)
    .meta({ description: '`confidential` apps get a secret; `public` ones (browser, native) PKCE alone.' }),
  first_party: z.boolean().default(false).meta({ description: "The platform's own app: no consent page." }),
  homepage_url: homepageUrl.optional(),
});

export const updateAppRequest = z
  .object({
    name: name.optional(),
    redirect_uris: redirectUris.optional(),
    scopes: scopes.optional(),
    first_party: z.boolean().optional(),
    homepage_url: homepageUrl.nullable().optional().meta({ description: 'null removes it.' }),
  })
  .refine((o) => Object.keys(o).length > 0, { message: 'send at least one field to change' });

export const app = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string().meta({ description: 'The OAuth client_id; not secret.' }),
  type: z.enum(APP_TYPES),
  first_party: z.boolean(),
  registered: z
    .boolean()
    .meta({ description: 'The app registered itself at /oauth/register (RFC 7591) rather than an admin.' }),
  homepage_url: z.string().nullable(),
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppView = z.infer<typeof app>;

export const appWithSecret = app.extend({
  client_secret: z.string().optional().meta({
    description: 'Confidential apps only: 256 random bits (base64url), shown this once, stored only as a hash.',
  }),
});
export const appSecret = z.object({
  client_id: z.string(),
  client_secret: z.string().meta({ description: 'The new secret: shown this once.' }),
  previous_valid_until: z
    .string()
    .meta({ description: 'Until then the previous secret is accepted too (SERVICE_SECRET_OVERLAP).' }),
});
export const appPage = pageOf(app);

/**
 * An app registering itself (RFC 7591 section 2): the metadata this service reads; any other member is ignored, as
 * the RFC asks. Such an app is public (`token_endpoint_auth_method: none`, PKCE alone) and never first-party.
 */
export const appRegistrationRequest = z.object({
  redirect_uris: z.array(redirectUri).min(1).max(20).transform(unique),
  client_name: name.optional(),
  client_uri: homepageUrl.optional(),
  scope: z.string().max(1000).optional(),
  token_endpoint_auth_method: z.string().max(100).optional(),
  grant_types: z.array(z.string().max(100)).max(10).optional(),
  response_types: z.array(z.string().max(100)).max(10).optional(),
  first_party: z.unknown().optional(),
});

/** What a registered app is told (RFC 7591 section 3.2.1). */
export interface AppRegistrationAnswer {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  client_uri?: string;
  redirect_uris: string[];
  scope: string;
  token_endpoint_auth_method: 'none';
  grant_types: string[];
  response_types: ['code'];
}

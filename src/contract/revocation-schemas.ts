// The wire contract of what the platform's services ask with their client credentials: token
// introspection (RFC 7662) and the revocation feed.
import { z } from 'zod';
import { roleSchema } from './auth-schemas';
import { ADMIN_TYPES, VENDOR_TYPES } from './module-keys';

/** Seconds since the epoch, as JWTs carry them (bounded: no date before 1970 or after 9999). */
const epochSeconds = z.number().int().min(0).max(253_402_300_799);

export const introspectionRequest = z.object({
  token: z
    .string()
    .max(8192)
    .meta({ description: 'The token to check; anything but a live access token is `{"active": false}`.' }),
  token_type_hint: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'Ignored: only access tokens are ever active (RFC 7662 section 2.1).' }),
});

export const inactiveToken = z
  .object({ active: z.literal(false) })
  .meta({ description: 'Not a live access token: nothing more is said.' });

export const activeToken = z
  .object({
    active: z.literal(true),
    token_type: z.literal('Bearer'),
    sub: z.string().meta({ description: 'The account id.' }),
    role: roleSchema,
    exp: epochSeconds.meta({ description: 'Expiry, seconds since the epoch.' }),
    iat: epochSeconds.meta({ description: 'Issued at, seconds since the epoch.' }),
    sid: z
      .string()
      .optional()
      .meta({ description: 'The session the token belongs to: what a `session` entry of the revocation feed names.' }),
    admin_type: z.enum(ADMIN_TYPES).optional(),
    vendor_type: z.enum(VENDOR_TYPES).optional(),
    vendor_id: z.string().optional(),
    modules: z.array(z.string()),
    module_permissions: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Employees only: the actions allowed per module key.' }),
    terminal_id: z.string().optional().meta({ description: "A PIN session's POS terminal." }),
    amr: z
      .array(z.string())
      .optional()
      .meta({ description: 'How the session signed in (RFC 8176): `["pin"]` at a till.' }),
    guest: z.literal(true).optional().meta({
      description: 'A guest session (role customer): `sub` is a guest id, not a customer account; it has no e-mail.',
    }),
    client_id: z.string().optional().meta({ description: "An app's token: the app that acts for the person." }),
    scope: z
      .string()
      .optional()
      .meta({ description: "An app's token: the scopes granted, which narrow the person's modules and permissions." }),
    aud: z.array(z.string()).optional().meta({ description: "An app's token: the resources it is for (RFC 8707)." }),
  })
  .meta({ description: 'A live access token and the claims it carries.' });

export const introspectionAnswer = z.union([activeToken, inactiveToken]);
export type IntrospectionAnswer = z.infer<typeof introspectionAnswer>;

/** A feed position: decimal digits, as the feed answered it. */
const cursor = z
  .string()
  .regex(/^\d{1,15}$/)
  .max(15);

export const revocationQuery = z.object({
  after: cursor.optional().meta({
    description: 'The cursor of the previous page; without it the answer is the current cursor and no items.',
  }),
  wait: z
    .string()
    .regex(/^\d{1,2}$/)
    .max(2)
    .refine((text) => Number(text) <= 30, 'At most 30 seconds.')
    .optional()
    .meta({ description: 'Seconds (0-30, default 0) to wait for an entry when none follows the cursor.' }),
});

export const revocationItem = z.object({
  kind: z.enum(['session', 'account', 'terminal', 'grant']).meta({
    description:
      "`session`: the `sid` ended; `account`: every token of the account issued at or before `at`; `terminal`: every PIN session of the terminal issued at or before `at`; `grant`: an app's grant ended, every token whose `sid` it is.",
  }),
  id: z.string().meta({ description: "The sid, account id, terminal id or app grant's id." }),
  at: epochSeconds.meta({
    description:
      'The last whole second before the revocation, since the epoch: every token issued at or before it is revoked.',
  }),
});

export const revocationPage = z.object({
  items: z.array(revocationItem).meta({ description: 'Oldest first.' }),
  cursor: cursor.meta({ description: 'Where the next request starts (`after`).' }),
});
export type RevocationPage = z.infer<typeof revocationPage>;

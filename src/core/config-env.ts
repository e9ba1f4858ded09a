// The environment variables the service reads, each with its type, bounds and default, as one zod
// schema; src/core/config.ts maps the parsed values onto the service's settings.
import { z } from 'zod';
import { parseDurationSeconds } from './duration';
import { APP_SCOPES, IDENTITY_SCOPES } from '../contract/app-schemas';
import { ADMIN_TYPES, VENDOR_TYPES } from '../contract/module-keys';
import { LOCALES } from '../contract/locales';

const duration = (fallback: string, options: { allowZero?: boolean } = {}) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      if (options.allowZero && /^0+\s*[smhd]?$/.test(value.trim())) return 0;
      const seconds = parseDurationSeconds(value);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a duration (use 900, 30s, 15m, 12h or 7d)` });
        return z.NEVER;
      }
      return seconds;
    });

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

/** An origin as browsers send it (scheme://host[:port]); a trailing slash is tolerated and dropped. */
const origin = z
  .string()
  .trim()
  .transform((v, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(v);
    } catch {
      // reported below
    }
    if (
      !url ||
      v.includes('*') ||
      !/^https?:$/.test(url.protocol) ||
      url.origin !== v.replace(/\/$/, '').toLowerCase()
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `"${v}" is not an origin like https://shop.example.com (no path, no *)`,
      });
      return z.NEVER;
    }
    return url.origin;
  });

/** Where the embedded database, the development outbox and development secrets live by default. */
export const DEFAULT_DATA_DIR = './.data';
/** When the embedded database's commits reach the disk: at the WAL's checkpoints, or at each commit (`full`). */
export const SQLITE_SYNCHRONOUS_LEVELS = ['normal', 'full'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS_LEVELS)[number];
export const DEFAULT_SQLITE_SYNCHRONOUS: SqliteSynchronous = 'normal';

/** Whether DATABASE_URL names PostgreSQL (the only server database); unset means the SQLite file. */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

export const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isPostgresUrl(v), 'must be a postgres:// or postgresql:// URL'),
  DATA_DIR: z.string().trim().min(1).default(DEFAULT_DATA_DIR),
  SQLITE_SYNCHRONOUS: z.enum(SQLITE_SYNCHRONOUS_LEVELS).default(DEFAULT_SQLITE_SYNCHRONOUS),
  JWT_ACCESS_SECRET: z.string().optional(),
  JWT_REFRESH_SECRET: z.string().optional(),
  /** The secrets before a rotation: still accepted for verification, never used to sign. */
  JWT_ACCESS_SECRET_PREVIOUS: z.string().optional(),
  JWT_REFRESH_SECRET_PREVIOUS: z.string().optional(),
  JWT_SECRET_PREVIOUS_UNTIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant such as 2026-12-01T12:00:00Z' }).optional(),
    )
    .transform((v) => (v === undefined ? undefined : new Date(v))),
  /**
   * How access tokens are signed: HS256 with JWT_ACCESS_SECRET, or an asymmetric key the platform verifies from the
   * JWKS.
   */
  JWT_ACCESS_ALGORITHM: z.enum(['HS256', 'EdDSA', 'ES256']).default('HS256'),
  /** PKCS#8 PEM of the key that signs access tokens under EdDSA or ES256 (`\n` escapes are read as line breaks). */
  JWT_ACCESS_PRIVATE_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /**
   * SPKI PEM of the key that signed before a rotation: it still verifies until removed or JWT_SECRET_PREVIOUS_UNTIL.
   */
  JWT_ACCESS_PREVIOUS_PUBLIC_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  JWT_ACCESS_EXPIRES: duration('15m'),
  JWT_REFRESH_EXPIRES: duration('7d'),
  JWT_REFRESH_REUSE_GRACE: duration('10s'),
  SESSION_MAX_AGE: duration('30d'),
  SESSION_MAX_AGE_ADMIN: duration('0').optional(),
  SESSION_MAX_AGE_VENDOR: duration('0').optional(),
  SESSION_MAX_AGE_CUSTOMER: duration('0').optional(),
  JWT_ISSUER: z.string().min(1).default('commerce-auth'),
  JWT_AUDIENCE: z.string().min(1).default('commerce-platform'),
  PASSWORD_RESET_TOKEN_TTL: duration('10m'),
  PASSWORD_RESET_OTP_TTL: duration('10m'),
  PASSWORD_RESET_MAX_ATTEMPTS: count(5),
  PASSWORD_RESET_LOG_OTP: z.enum(['0', '1']).optional(),
  CODE_FAILURES_PER_ACCOUNT: count(10),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().min(3).default('Commerce Auth <no-reply@localhost>'),
  /** The language of pages and mails for a person with no saved choice whose browser asks for none supported. */
  DEFAULT_LOCALE: z.enum(LOCALES).default('en'),
  /** The new-device mail: `0` off, `1` on; unset, on when SMTP_URL is set. */
  NEW_DEVICE_MAIL: z.enum(['0', '1']).optional(),
  /** How many proxies in front of the app append to X-Forwarded-For: 0 (use the socket), 1, 2... */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((v, ctx) => {
      const hops = v === 'true' ? 1 : v === 'false' ? 0 : Number(v);
      if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be 0, 1, 2... (the number of proxies) or true/false' });
        return z.NEVER;
      }
      return hops;
    }),
  MAX_BODY_BYTES: count(16 * 1024),
  RATE_LIMIT_LOGIN_WINDOW: duration('15m'),
  RATE_LIMIT_LOGIN_PER_IDENTITY_IP: count(10),
  RATE_LIMIT_LOGIN_PER_IDENTITY: count(100),
  RATE_LIMIT_LOGIN_PER_IP: count(100),
  RATE_LIMIT_RESET_WINDOW: duration('1h'),
  RATE_LIMIT_RESET_PER_IDENTITY: count(5),
  RATE_LIMIT_RESET_PER_IP: count(30),
  // Invitations: the link's lifetime, and invitations (with resends) per inviter and per address.
  INVITATION_TTL: duration('7d'),
  RATE_LIMIT_INVITATION_WINDOW: duration('24h'),
  RATE_LIMIT_INVITATION_PER_INVITER: count(50),
  RATE_LIMIT_INVITATION_PER_ADDRESS: count(5),
  // Customers: their codes' lifetime, how long an unverified account waits, registration limits.
  CUSTOMER_CODE_TTL: duration('10m'),
  CUSTOMER_UNVERIFIED_TTL: duration('7d'),
  RATE_LIMIT_CUSTOMER_WINDOW: duration('1h'),
  RATE_LIMIT_CUSTOMER_REGISTER_PER_IP: count(10),
  RATE_LIMIT_CUSTOMER_CODES_PER_EMAIL: count(5),
  // Guests: how long a guest session lasts at most, and how many an address may start.
  GUEST_MAX_AGE: duration('30d'),
  RATE_LIMIT_GUEST_WINDOW: duration('1h'),
  RATE_LIMIT_GUEST_PER_IP: count(30),
  // Apps that register themselves (RFC 7591): on or off, the scopes they may ask for, registrations per address.
  OAUTH_DYNAMIC_REGISTRATION: flag,
  OAUTH_REGISTRATION_SCOPES: z
    .string()
    .default(IDENTITY_SCOPES.join(' '))
    .transform((value, ctx) => {
      const scopes = [...new Set(value.split(/[\s,]+/).filter(Boolean))];
      const unknown = scopes.filter((scope) => !(APP_SCOPES as readonly string[]).includes(scope));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `not an app scope: ${unknown.join(', ')} (see docs/apps.md)` });
      return scopes;
    }),
  RATE_LIMIT_APP_REGISTRATION_WINDOW: duration('1h'),
  RATE_LIMIT_APP_REGISTRATION_PER_IP: count(10),
  DEMO_ACCOUNTS: flag,
  /** How often this instance removes expired rows; 0: never (another instance of the fleet does). */
  CLEANUP_INTERVAL: duration('10m', { allowZero: true }),
  /** How long stored security events are kept before the sweeper removes them. */
  AUDIT_RETENTION: duration('180d'),
  DATABASE_TIMEOUT: duration('5s'),
  /** Origins (comma list) whose pages may call the REST API from a browser. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin)),
  /** The app's public origin; unset: taken from each request's Host header. */
  APP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(origin.optional()),
  SHUTDOWN_DELAY: duration('5s', { allowZero: true }),
  SHUTDOWN_TIMEOUT: duration('25s'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || Buffer.byteLength(v, 'utf8') >= 16,
      'must be at least 16 bytes long (or unset, which hides /metrics)',
    ),
  // POS terminals: pairing codes, PIN sessions and the PIN limits (keyed by account and terminal).
  PAIRING_CODE_TTL: duration('10m'),
  PIN_SESSION_MAX_AGE: duration('12h'),
  PIN_FAILURES_PER_ACCOUNT: count(5),
  PIN_FAILURES_PER_TERMINAL: count(20),
  PIN_TERMINAL_WINDOW: duration('1h'),
  /** The till's actions (comma list) a manager approves with their PIN; the POS names each action it asks about. */
  APPROVAL_ACTIONS: z
    .string()
    .default('refund,discount,price_override,void')
    .transform((v) => [...new Set(v.split(',').map((a) => a.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case names such as refund,void'))
        .min(1, 'must name at least one action'),
    ),
  /** Entries the token routes' cache of account, session and context state holds; 0 turns it off. */
  AUTH_CACHE_SIZE: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  /** How often (ms) an instance on PostgreSQL reads the change counter, in case a notification was missed. */
  AUTH_CHANGE_POLL_MS: z.coerce.number().int().min(10).max(1000).default(250),
  /** Account types (comma list) that must sign in with a second factor; unset: the defaults below. */
  MFA_REQUIRED: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.enum([...ADMIN_TYPES, ...VENDOR_TYPES], {
            message: `must list account types among ${[...ADMIN_TYPES, ...VENDOR_TYPES].join(', ')}`,
          }),
        )
        .optional(),
    ),
  /** The key material second-factor secrets are encrypted under (AES-256-GCM). */
  MFA_ENCRYPTION_KEY: z.string().optional(),
  // Customers' OpenID providers: the names here, each one's OIDC_<NAME>_* variables read by oidc-config.ts.
  OIDC_PROVIDERS: z.string().optional(),
  OIDC_REDIRECT_URIS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Webhooks: how long an attempt may take, how long a rotated secret keeps signing, when an
  // endpoint that only fails is disabled, the waits between attempts, and the outbound address rule.
  WEBHOOK_TIMEOUT: duration('10s'),
  WEBHOOK_SECRET_OVERLAP: duration('24h', { allowZero: true }),
  WEBHOOK_DISABLE_AFTER: duration('5d'),
  /** The waits (comma list of durations) before the second, third, ... attempt; each gets up to 20 % jitter. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('5s,5m,30m,2h,5h,10h,10h')
    .transform((value, ctx) => {
      const waits = value
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean)
        .map((w) => (/^0+\s*[smhd]?$/.test(w) ? 0 : parseDurationSeconds(w)));
      if (waits.length > 20 || waits.some((w) => w === null)) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a list of up to 20 durations such as 5s,5m,30m` });
        return z.NEVER;
      }
      return waits as number[];
    }),
  /** How long a delivered or failed message and its delivery log are kept (replay reaches back this far). */
  WEBHOOK_RETENTION: duration('30d'),
  /** 1: endpoints may be http and resolve to loopback or private addresses in production too. */
  WEBHOOK_ALLOW_PRIVATE: flag,
  // Service clients: how long a rotated secret keeps working, introspections per client per minute,
  // and how long revocation feed entries are kept (unset: the access-token lifetime plus 5 minutes).
  SERVICE_SECRET_OVERLAP: duration('24h', { allowZero: true }),
  INTROSPECT_PER_MINUTE: count(6000),
  REVOCATION_RETENTION: duration('0').optional(),
  // The proof-of-work challenge on sign-up, code requests and sign-in: off, always, or on under attack
  // (auto: past CHALLENGE_THRESHOLD such requests a minute); its HMAC key (unset: derived from
  // JWT_REFRESH_SECRET), lifetime and difficulty (the solver's expected tries).
  CHALLENGE: z.enum(['off', 'auto', 'always']).default('off'),
  CHALLENGE_THRESHOLD: count(300),
  CHALLENGE_HMAC_KEY: z.string().optional(),
  CHALLENGE_TTL: duration('5m'),
  CHALLENGE_DIFFICULTY: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
});

export type Env = z.output<typeof envSchema>;

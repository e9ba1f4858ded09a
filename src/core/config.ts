// The service's configuration, parsed once from the environment with zod; errors name the variable.
import type { z } from 'zod';
import { ConfigError } from './config-error';
import { accessSigningOf, type DevAccessKeySource } from './config-access-keys';
import { envSchema, type Env } from './config-env';
import { parseOidcProviders, parseRedirectUris } from './oidc-config';
import { challengeSettingsOf } from './config-challenge';

export { DEFAULT_DATA_DIR, isPostgresUrl } from './config-env';

/**
 * The process's environment. The service reads it here and nowhere else (a lint rule forbids
 * `process.env` in the rest of src/), so every variable it heeds is parsed and documented in one place.
 */
export function processEnvironment(): Record<string, string | undefined> {
  return process.env;
}

/** Whether the pages run under `next dev` (Next.js sets NODE_ENV; its bundler inlines this read). */
export const underNextDev = (): boolean => process.env.NODE_ENV === 'development';

/**
 * The secret the benchmark's bare routes take (BENCH_ROUTES=1 with BENCH_SECRET, set by the bench
 * only), or null when they are not served. Without the secret they would compare passwords for
 * anyone, with no limit: parseConfig refuses BENCH_ROUTES=1 without one.
 */
export const benchRoutesSecret = (env: Record<string, string | undefined> = process.env): string | null =>
  env.BENCH_ROUTES === '1' && env.BENCH_SECRET && secretBytes(env.BENCH_SECRET) >= 32 ? env.BENCH_SECRET : null;

export { ConfigError };

export interface DevSecretsSource {
  /** Returns stable development secrets (generated once, kept under DATA_DIR). */
  (): { access: string; refresh: string; mfa: string };
}

/**
 * MFA_REQUIRED when unset. Development leaves out super_admin, the demo admin's type, so the demo accounts sign in with
 * a password alone.
 */
export const MFA_REQUIRED_DEFAULT = { production: ['super_admin', 'admin'], development: ['admin'] } as const;

function secretBytes(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

const browserEnvSchema = envSchema.pick({
  NODE_ENV: true,
  CORS_ORIGINS: true,
  APP_URL: true,
  TRUST_PROXY: true,
  DEFAULT_LOCALE: true,
});

function invalid(error: z.ZodError): ConfigError {
  const lines = error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
  return new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

/** Customers' OpenID providers and the redirect URIs outside apps may use; every problem named at once. */
function oidcSettingsOf(env: Record<string, string | undefined>, production: boolean) {
  const { providers, problems } = parseOidcProviders(env, production);
  const redirect = parseRedirectUris(env.OIDC_REDIRECT_URIS);
  const all = [...problems, ...redirect.problems];
  if (all.length > 0) throw new ConfigError(`Invalid configuration:\n  ${all.join('\n  ')}`);
  return { providers, redirectUris: redirect.uris };
}

/** Production rules apply unless development is asked for by name: an operator who forgets NODE_ENV still gets them. */
const isProduction = (nodeEnv: string) => nodeEnv !== 'development';

/** What every request's browser rules (CORS, security headers, CSRF) need, without secrets or database. */
export function parseBrowserConfig(env: Record<string, string | undefined>) {
  const parsed = browserEnvSchema.safeParse({ ...env, NODE_ENV: env.COMMERCE_AUTH_NODE_ENV || env.NODE_ENV });
  if (!parsed.success) throw invalid(parsed.error);
  const e = parsed.data;
  return {
    production: isProduction(e.NODE_ENV),
    corsOrigins: e.CORS_ORIGINS,
    appUrl: e.APP_URL,
    trustProxyHops: e.TRUST_PROXY,
    defaultLocale: e.DEFAULT_LOCALE,
  };
}

export type BrowserConfig = ReturnType<typeof parseBrowserConfig>;

/**
 * The secrets in use before a rotation, checked like the current ones. They verify tokens until the
 * variables are removed or JWT_SECRET_PREVIOUS_UNTIL passes (docs/decisions/0009-operations.md).
 */
function previousSecretsOf(e: Env, production: boolean, current: { access: string; refresh: string }) {
  const access = e.JWT_ACCESS_SECRET_PREVIOUS || undefined;
  const refresh = e.JWT_REFRESH_SECRET_PREVIOUS || undefined;
  for (const [name, value] of [
    ['JWT_ACCESS_SECRET_PREVIOUS', access],
    ['JWT_REFRESH_SECRET_PREVIOUS', refresh],
  ] as const) {
    if (value === undefined) continue;
    if (production && secretBytes(value) < 32)
      throw new ConfigError(`${name} must be at least 32 bytes long in production`);
    if (value === current.access || value === current.refresh)
      throw new ConfigError(`${name} must differ from the current secrets`);
  }
  return { previousAccessSecret: access, previousRefreshSecret: refresh, previousUntil: e.JWT_SECRET_PREVIOUS_UNTIL };
}

/**
 * Second factors: the types that need one, and the key their secrets are encrypted under (required in production, like
 * the JWT secrets).
 */
function mfaSettingsOf(e: Env, production: boolean, devSecrets: DevSecretsSource | undefined, jwtSecrets: string[]) {
  let encryptionKey = e.MFA_ENCRYPTION_KEY || undefined;
  let usingDevKey = false;
  if (production) {
    if (!encryptionKey)
      throw new ConfigError(
        'MFA_ENCRYPTION_KEY is required (a random value of at least 32 bytes; only NODE_ENV=development generates it)',
      );
    if (secretBytes(encryptionKey) < 32)
      throw new ConfigError(
        'MFA_ENCRYPTION_KEY must be at least 32 bytes long (only NODE_ENV=development accepts shorter)',
      );
  } else if (!encryptionKey) {
    if (!devSecrets) throw new ConfigError('MFA_ENCRYPTION_KEY is required');
    encryptionKey = devSecrets().mfa;
    usingDevKey = true;
  }
  if (jwtSecrets.includes(encryptionKey)) throw new ConfigError('MFA_ENCRYPTION_KEY must differ from the JWT secrets');
  const requiredIsDefault = e.MFA_REQUIRED === undefined;
  const required: string[] = e.MFA_REQUIRED ?? [...MFA_REQUIRED_DEFAULT[production ? 'production' : 'development']];
  return { encryptionKey, usingDevKey, required, requiredIsDefault };
}

/**
 * What serving the app needs beyond the configuration every process reads (the operator CLI needs
 * no public origin): in production, APP_URL. Passkeys are bound to it; without it they worked only
 * at http://localhost:3000, and failed at any other address.
 */
export function assertServable(config: { production: boolean; browser: { appUrl?: string } }): void {
  if (config.production && !config.browser.appUrl) {
    throw new ConfigError(
      "APP_URL is required: the public origin of the app (https://auth.example.com), which passkeys are bound to and the pages' session requests must come from; only NODE_ENV=development takes it from each request",
    );
  }
}

export function parseConfig(
  env: Record<string, string | undefined>,
  devSecretsSource?: DevSecretsSource,
  devAccessKey?: DevAccessKeySource,
) {
  let generated: ReturnType<DevSecretsSource> | undefined;
  const devSecrets = devSecretsSource && (() => (generated ??= devSecretsSource()));
  // COMMERCE_AUTH_NODE_ENV is the NODE_ENV the operator gave the server, before Next.js set its own.
  const parsed = envSchema.safeParse({ ...env, NODE_ENV: env.COMMERCE_AUTH_NODE_ENV || env.NODE_ENV });
  if (!parsed.success) throw invalid(parsed.error);
  const e = parsed.data;
  // Fail closed: only an explicit NODE_ENV=development relaxes the rules (generated secrets, demo
  // accounts, codes in the log), so an operator who forgets the variable still gets production.
  const production = isProduction(e.NODE_ENV);
  if (env.BENCH_ROUTES === '1' && !benchRoutesSecret(env)) {
    throw new ConfigError(
      'BENCH_ROUTES=1 needs BENCH_SECRET, a random value of at least 32 bytes that only the benchmark holds: its routes compare passwords with no limit',
    );
  }

  let accessSecret = e.JWT_ACCESS_SECRET || undefined;
  let refreshSecret = e.JWT_REFRESH_SECRET || undefined;
  let usingDevSecrets = false;
  if (production) {
    const secrets = [
      ['JWT_ACCESS_SECRET', accessSecret],
      ['JWT_REFRESH_SECRET', refreshSecret],
    ] as const;
    const missing = secrets.filter(([, value]) => !value).map(([name]) => name);
    if (missing.length > 0) {
      throw new ConfigError(
        `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required (random values of at least 32 bytes; only NODE_ENV=development generates them)`,
      );
    }
    for (const [name, value] of secrets) {
      if (secretBytes(value!) < 32)
        throw new ConfigError(`${name} must be at least 32 bytes long (only NODE_ENV=development accepts shorter)`);
    }
  } else if (!accessSecret || !refreshSecret) {
    if (!devSecrets) throw new ConfigError('JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required');
    const generated = devSecrets();
    accessSecret ??= generated.access;
    refreshSecret ??= generated.refresh;
    usingDevSecrets = true;
  }
  if (accessSecret === refreshSecret) {
    throw new ConfigError('JWT_ACCESS_SECRET and JWT_REFRESH_SECRET must be different values');
  }
  const previousSecrets = previousSecretsOf(e, production, {
    access: accessSecret as string,
    refresh: refreshSecret as string,
  });
  const mfa = mfaSettingsOf(e, production, devSecrets, [accessSecret as string, refreshSecret as string]);
  const accessSigning = accessSigningOf(e, production, devAccessKey);
  const oidc = oidcSettingsOf(env, production);

  return {
    production,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    usingDevSecrets,
    jwt: {
      accessSecret: accessSecret as string,
      refreshSecret: refreshSecret as string,
      accessTtl: e.JWT_ACCESS_EXPIRES,
      refreshTtl: e.JWT_REFRESH_EXPIRES,
      refreshReuseGrace: e.JWT_REFRESH_REUSE_GRACE,
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE,
      ...previousSecrets,
      /** HS256, or EdDSA / ES256 with `accessKeyPair` (access tokens only; every other token stays HS256). */
      accessAlgorithm: accessSigning.algorithm,
      accessKeyPair: accessSigning.keyPair,
      usingDevAccessKey: accessSigning.usingDevKey,
    },
    /** Seconds from a sign-in after which no refresh of its family succeeds, per role. */
    sessionMaxAge: {
      admin: e.SESSION_MAX_AGE_ADMIN ?? e.SESSION_MAX_AGE,
      vendor: e.SESSION_MAX_AGE_VENDOR ?? e.SESSION_MAX_AGE,
      customer: e.SESSION_MAX_AGE_CUSTOMER ?? e.SESSION_MAX_AGE,
    },
    passwordReset: {
      tokenTtl: e.PASSWORD_RESET_TOKEN_TTL,
      otpTtl: e.PASSWORD_RESET_OTP_TTL,
      maxAttempts: e.PASSWORD_RESET_MAX_ATTEMPTS,
      logOtp: e.PASSWORD_RESET_LOG_OTP === undefined ? !production : e.PASSWORD_RESET_LOG_OTP === '1',
    },
    /** Wrong e-mailed codes per account, across codes and purposes, per 24 hours. */
    codeFailures: { window: 24 * 60 * 60, perAccount: e.CODE_FAILURES_PER_ACCOUNT },
    bcryptRounds: e.BCRYPT_ROUNDS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    /** Whether a sign-in from a device the account has not used before is mailed to it. */
    newDeviceMail: e.NEW_DEVICE_MAIL === undefined ? e.SMTP_URL !== undefined : e.NEW_DEVICE_MAIL === '1',
    trustProxyHops: e.TRUST_PROXY,
    maxBodyBytes: e.MAX_BODY_BYTES,
    rateLimits: {
      loginWindow: e.RATE_LIMIT_LOGIN_WINDOW,
      loginPerIdentityIp: e.RATE_LIMIT_LOGIN_PER_IDENTITY_IP,
      loginPerIdentity: e.RATE_LIMIT_LOGIN_PER_IDENTITY,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      resetWindow: e.RATE_LIMIT_RESET_WINDOW,
      resetPerIdentity: e.RATE_LIMIT_RESET_PER_IDENTITY,
      resetPerIp: e.RATE_LIMIT_RESET_PER_IP,
      customerWindow: e.RATE_LIMIT_CUSTOMER_WINDOW,
      registerPerIp: e.RATE_LIMIT_CUSTOMER_REGISTER_PER_IP,
      codesPerEmail: e.RATE_LIMIT_CUSTOMER_CODES_PER_EMAIL,
      guestWindow: e.RATE_LIMIT_GUEST_WINDOW,
      guestsPerIp: e.RATE_LIMIT_GUEST_PER_IP,
      invitationWindow: e.RATE_LIMIT_INVITATION_WINDOW,
      invitationsPerInviter: e.RATE_LIMIT_INVITATION_PER_INVITER,
      invitationsPerAddress: e.RATE_LIMIT_INVITATION_PER_ADDRESS,
      appRegistrationWindow: e.RATE_LIMIT_APP_REGISTRATION_WINDOW,
      appRegistrationsPerIp: e.RATE_LIMIT_APP_REGISTRATION_PER_IP,
    },
    /** Apps registering themselves at /oauth/register (RFC 7591), and the scopes they may ask for. */
    appRegistration: { enabled: e.OAUTH_DYNAMIC_REGISTRATION === true, scopes: e.OAUTH_REGISTRATION_SCOPES },
    /** Seconds an invitation's link stays valid; a resend starts it again. */
    invitationTtl: e.INVITATION_TTL,
    customers: { codeTtl: e.CUSTOMER_CODE_TTL, unverifiedTtl: e.CUSTOMER_UNVERIFIED_TTL, guestMaxAge: e.GUEST_MAX_AGE },
    demoAccounts: e.DEMO_ACCOUNTS ?? !production,
    cleanupInterval: e.CLEANUP_INTERVAL,
    auditRetention: e.AUDIT_RETENTION,
    databaseTimeout: e.DATABASE_TIMEOUT,
    logLevel: e.LOG_LEVEL,
    browser: parseBrowserConfig(env),
    // The drain delay lets a load balancer notice; a development start has none unless asked.
    shutdown: { delay: production || env.SHUTDOWN_DELAY?.trim() ? e.SHUTDOWN_DELAY : 0, timeout: e.SHUTDOWN_TIMEOUT },
    metricsToken: e.METRICS_TOKEN,
    /** The token routes' cache: its bound and the PostgreSQL fallback poll of the change counter. */
    authCache: { size: e.AUTH_CACHE_SIZE, pollMs: e.AUTH_CHANGE_POLL_MS },
    mfa,
    webhooks: {
      timeout: e.WEBHOOK_TIMEOUT,
      secretOverlap: e.WEBHOOK_SECRET_OVERLAP,
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
      retrySchedule: e.WEBHOOK_RETRY_SCHEDULE,
      retention: e.WEBHOOK_RETENTION,
      /** http and loopback or private addresses: always under development rules, in production only when allowed. */
      allowPrivate: !production || e.WEBHOOK_ALLOW_PRIVATE === true,
    },
    serviceClients: {
      secretOverlap: e.SERVICE_SECRET_OVERLAP,
      introspectPerMinute: e.INTROSPECT_PER_MINUTE,
      /**
       * Seconds revocation feed entries are kept: never less than an access token they revoke can live, plus 5 minutes.
       */
      revocationRetention: Math.max(e.REVOCATION_RETENTION ?? 0, e.JWT_ACCESS_EXPIRES + 300),
    },
    /** Customers' OpenID providers (OIDC_PROVIDERS) and OIDC_REDIRECT_URIS. */
    oidc,
    challenge: challengeSettingsOf(e, production, refreshSecret as string),
    terminals: {
      pairingCodeTtl: e.PAIRING_CODE_TTL,
      pinSessionMaxAge: e.PIN_SESSION_MAX_AGE,
      pinFailuresPerAccount: e.PIN_FAILURES_PER_ACCOUNT,
      pinFailuresPerTerminal: e.PIN_FAILURES_PER_TERMINAL,
      pinTerminalWindow: e.PIN_TERMINAL_WINDOW,
      approvalActions: e.APPROVAL_ACTIONS,
    },
  };
}

export type Config = ReturnType<typeof parseConfig>;

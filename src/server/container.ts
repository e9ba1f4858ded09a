// The composition root: the only place that knows every implementation behind the core's ports.
import { randomUUID } from 'node:crypto';
import { DEFAULT_DATA_DIR, parseConfig, processEnvironment, type Config } from '@/core/config';
import { createCodeFailureCap } from '@/core/code-failure-cap';
import { createRateLimiter } from '@/core/rate-limits';
import { createAuthService } from '@/core/service';
import { createTokenService } from '@/core/tokens';
import { createAccountRepository } from './db/account-repository';
import { createAdministrationRepository } from './db/administration-repository';
import { createAuditTrail } from './db/audit-repository';
import { createCounterStore } from './db/counter-store';
import { createCustomerRepository } from './db/customer-repository';
import { createGuestRepository } from './db/guest-repository';
import { createDeviceRepository } from './db/device-repository';
import { createNewDeviceRepository } from './db/new-device-repository';
import { createFactorRepository } from './db/factor-repository';
import { createPasskeyRepository } from './db/passkey-repository';
import { createIdentityRepository } from './db/identity-repository';
import { createOidcClient } from './oidc/openid-client';
import { createPrismaClient, sqliteFilePath, type StatementListener } from './db/prisma';
import { createResetRepository } from './db/reset-repository';
import { createSessionListing, createSessionRepository } from './db/session-repository';
import { createTerminalRepository } from './db/terminal-repository';
import { createWebhookRepository } from './db/webhook-repository';
import { createServiceClientRepository } from './db/service-client-repository';
import { createAppRepository } from './db/app-repository';
import { createAppGrantRepository } from './db/app-grant-repository';
import { createAppTokenCheck } from './oauth/app-tokens';
import { createInvitationRepository } from './db/invitation-repository';
import { createApprovalRepository } from './db/approval-repository';
import { createDeferredTasks } from './deferred-tasks';
import { devAccessKeyIn, devSecretsIn } from './dev-secrets';
import { createBcryptHasher } from './hasher';
import { prehashedPasswords } from './prehashed-passwords';
import { createLogger, type AppLogger } from './logger';
import { createMailTexts } from './mail-texts';
import { createOutboxMailer, createSmtpMailer } from './mailer';
import { meteredLogger } from './event-metrics';
import { getMetrics } from './metrics';
import { postgresChangeFeed, sqliteChangeFeed } from './cache/auth-change-feed';
import { createChangeSignal } from './cache/change-signal';
import { createRevocationFeedRepository } from './db/revocation-feed-repository';
import { isDraining } from './lifecycle';
import { createTokenRouteCache } from './cache/token-route-cache';

export interface ContainerOptions {
  env?: Record<string, string | undefined>;
  logger?: AppLogger;
  /** Hears every statement sent to PostgreSQL (the query-plan test). */
  onStatement?: StatementListener;
}

// The start script and the route handlers' bundle each build a container in one process: the
// start-up notices are said once per process.
const noticesKey = Symbol.for('commerce-auth.start-up-notices');
function firstNotice(event: string): boolean {
  const said = ((globalThis as { [noticesKey]?: Set<string> })[noticesKey] ??= new Set());
  if (said.has(event)) return false;
  said.add(event);
  return true;
}

export function createContainer(options: ContainerOptions = {}) {
  const env = options.env ?? processEnvironment();
  const dataDir = env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  const config: Config = parseConfig(env, devSecretsIn(dataDir), devAccessKeyIn(dataDir));
  const logger = options.logger ?? createLogger(config.logLevel);
  if (config.usingDevSecrets && firstNotice('dev_secrets')) {
    logger.warn(
      { event: 'dev_secrets' },
      `JWT secrets not set: using development secrets kept in ${dataDir}/dev-secrets.json`,
    );
  }
  if (config.jwt.usingDevAccessKey && firstNotice('dev_access_key')) {
    logger.warn(
      { event: 'dev_access_key' },
      `JWT_ACCESS_PRIVATE_KEY not set: signing access tokens (${config.jwt.accessAlgorithm}) with the development key kept in ${dataDir}/dev-access-key-${config.jwt.accessAlgorithm}.pem`,
    );
  }
  if (config.mfa.usingDevKey && firstNotice('dev_mfa_key'))
    logger.warn(
      { event: 'dev_mfa_key' },
      `MFA_ENCRYPTION_KEY not set: using the development key kept in ${dataDir}/dev-secrets.json`,
    );
  if (!config.production && config.mfa.requiredIsDefault && firstNotice('mfa_required_default')) {
    logger.info(
      { event: 'mfa_required_default', mfaRequired: config.mfa.required },
      `MFA_REQUIRED not set: under development rules a second factor is required of ${config.mfa.required.join(', ')} accounts (not of the demo accounts' types)`,
    );
  }
  const db = createPrismaClient({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteSynchronous: config.sqliteSynchronous,
    connectTimeoutMs: config.databaseTimeout * 1000,
    onStatement: options.onStatement,
  });
  const clock = { now: () => new Date() };
  const tasks = createDeferredTasks(logger);
  const bcrypt = createBcryptHasher(config.bcryptRounds);
  const hasher = prehashedPasswords(bcrypt);
  const metrics = getMetrics();
  metrics.observePools({ bcrypt: bcrypt.stats, database: db.poolStats });
  metrics.challenge.state(config.challenge.mode === 'always');
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(config.dataDir, config.mail.from, logger);

  const counters = createCounterStore(db.prisma);
  const changeFeed = config.databaseUrl
    ? postgresChangeFeed({
        databaseUrl: config.databaseUrl,
        prisma: db.prisma,
        pollMs: config.authCache.pollMs,
        logger,
      })
    : sqliteChangeFeed(sqliteFilePath(config.dataDir));
  const cache = createTokenRouteCache(config.authCache.size, changeFeed, metrics.cacheObserver);
  metrics.observeCache(cache);
  const changes = createChangeSignal(changeFeed, isDraining);
  const accessTokens = createTokenService(
    {
      accessSecret: config.jwt.accessSecret,
      refreshSecret: config.jwt.refreshSecret,
      accessTtl: config.jwt.accessTtl,
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      previousAccessSecret: config.jwt.previousAccessSecret,
      previousRefreshSecret: config.jwt.previousRefreshSecret,
      previousUntil: config.jwt.previousUntil,
      accessKeyPair: config.jwt.accessKeyPair,
      verifiedAccessTokens: config.authCache.size,
    },
    clock,
  );
  const auth = createAuthService({
    config,
    accounts: cache.accounts(createAccountRepository(db.prisma)),
    customers: createCustomerRepository(db.prisma, db.dialect),
    guests: createGuestRepository(db.prisma),
    sessions: cache.sessions(createSessionRepository(db.prisma, db.dialect)),
    administration: createAdministrationRepository(db.prisma),
    sessionListing: createSessionListing(db.prisma),
    resets: createResetRepository(db.prisma),
    audit: createAuditTrail(db.prisma),
    limiter: createRateLimiter(config.rateLimits, counters, clock),
    counters,
    webhooks: createWebhookRepository(db.prisma),
    serviceClients: createServiceClientRepository(db.prisma),
    apps: createAppRepository(db.prisma),
    appGrants: createAppGrantRepository(db.prisma),
    appTokens: createAppTokenCheck(db.prisma, () => accessTokens.jwks()),
    invitations: createInvitationRepository(db.prisma),
    approvals: createApprovalRepository(db.prisma),
    revocationFeed: createRevocationFeedRepository(db.prisma),
    changes,
    terminals: cache.terminals(createTerminalRepository(db.prisma)),
    factors: cache.factors(createFactorRepository(db.prisma)),
    passkeys: createPasskeyRepository(db.prisma),
    identities: createIdentityRepository(db.prisma),
    oidc: createOidcClient(config, logger),
    devices: createDeviceRepository(db.prisma),
    newDevices: createNewDeviceRepository(db.prisma),
    codeFailures: createCodeFailureCap(config.codeFailures, counters, clock),
    mailer,
    mailTexts: createMailTexts(),
    hasher,
    clock,
    logger: meteredLogger(logger, metrics),
    tokens: accessTokens,
    defer: tasks.defer,
    newId: randomUUID,
    challengeEvents: metrics.challenge,
  });

  return {
    config,
    logger,
    auth,
    db,
    cache,
    /** The bcrypt pool the service hashes on (the bench's sign-in floor compares on it too). */
    hasher,
    /** True when the database answers a trivial query within DATABASE_TIMEOUT. */
    async databaseHealthy(): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), config.databaseTimeout * 1000);
      });
      const probe = db.prisma.$queryRawUnsafe('SELECT 1').then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([probe, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      changes.close();
      await tasks.settle();
      await cache.close();
      await Promise.all([db.close(), hasher.close()]);
    },
  };
}

export type Container = ReturnType<typeof createContainer>;

// One container per server process, created on first use: `next build` imports route modules,
// and must not open a database or demand secrets.
const globalKey = Symbol.for('commerce-auth.container');
type Holder = { [globalKey]?: Container };

export function getContainer(): Container {
  const holder = globalThis as Holder;
  holder[globalKey] ??= createContainer();
  return holder[globalKey];
}

/** Serves the process's requests with `container` (a test's own, in its process); undefined lets it go. */
export function holdContainer(container: Container | undefined): void {
  const holder = globalThis as Holder;
  if (container) holder[globalKey] = container;
  else delete holder[globalKey];
}

/** The container the route handlers created, if any request has needed one yet. */
export function servingContainer(): Container | undefined {
  return (globalThis as Holder)[globalKey];
}

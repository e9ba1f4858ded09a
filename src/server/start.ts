// Starts the app: checks the configuration, applies pending migrations, creates demo accounts on a
// first development start, starts the expired-row sweeper, then serves Next.js over an HTTP server
// that records each request's socket address and shuts down gracefully on SIGTERM or SIGINT.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import next from 'next';
import { assertServable, ConfigError, type Config } from '@/core/config';
import { AuthError, problemBody } from '@/core/auth-error';
import { passkeysOffNotice } from '@/core/passkey-host';
import { SOCKET_IP_HEADER } from '@/server/client-info';
import { apiHeaders } from '@/server/http/api-headers';
import { SOCKET_TLS_HEADER } from '@/server/http/security-headers';
import { createContainer, servingContainer, type Container } from '@/server/container';
import { applyMigrations } from '@/server/db/migrate';
import { sqliteFilePath } from '@/server/db/prisma';
import { createSweeper } from '@/server/db/sweeper';
import { createDemoAccounts } from '@/server/demo-accounts';
import { createGracefulShutdown } from '@/server/lifecycle';
import { getMetrics } from '@/server/metrics';
import { createAuthorizationServer, isOAuthPath, oauthOffReason } from '@/server/oauth/authorization-server';
import { createDeliveryWorker } from '@/server/webhooks/delivery-worker';
import { commandLine } from './command-line';

const { values: flags } = commandLine(
  `Usage: npm start | npm run start:dev | npm run dev

Applies pending migrations, then serves the built app (npm run build first) on PORT (3000) at HOST.
npm start:          production rules: JWT_ACCESS_SECRET, JWT_REFRESH_SECRET, MFA_ENCRYPTION_KEY and
                    APP_URL are required; listens on every interface unless HOST is set.
npm run start:dev:  development rules (--development): generated secrets kept in DATA_DIR, demo
                    accounts printed at the first start, reset codes in the log; loopback only.
npm run dev:        the same with Next.js's reloading development server (--dev).
Every variable is listed in .env.example; SIGTERM or Ctrl-C stops it gracefully.`,
  {
    dev: { type: 'boolean' },
    development: { type: 'boolean' },
  },
);
const dev = flags.dev === true;
// Production rules unless development is asked for explicitly: `--development` (npm run start:dev,
// npm run dev) or NODE_ENV=development. Next.js fills in its own NODE_ENV, so the operator's choice
// travels in COMMERCE_AUTH_NODE_ENV. See src/core/config.ts and docs/decisions/0011-hardening.md.
const developmentRules = dev || flags.development === true;
process.env.COMMERCE_AUTH_NODE_ENV = developmentRules ? 'development' : process.env.NODE_ENV || 'production';
const port = Number(process.env.PORT || 3000);
// A development start holds demo accounts whose passwords it printed: only this machine reaches it,
// unless HOST says otherwise.
const hostname = process.env.HOST || (developmentRules ? '127.0.0.1' : '0.0.0.0');

class StartupError extends Error {}

const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOWED = 'GET, POST, PUT, PATCH, DELETE';

/**
 * The build's files: read with GET and HEAD only; Next.js answers any other method with a bare 500
 * (vercel/next.js#92141).
 */
const BUILD_FILES = '/_next/static/';
const BUILD_FILE_METHODS = new Set(['GET', 'HEAD']);

/** What the request is refused with before Next.js sees it, and the methods its path serves. */
function refusalOf(method: string, path: string): { refusal: AuthError; allow?: string } | undefined {
  if (!SERVED_METHODS.has(method))
    return { refusal: new AuthError('method_not_allowed', 'Use GET, POST, PUT, PATCH or DELETE.'), allow: ALLOWED };
  try {
    decodeURIComponent(path);
  } catch {
    return { refusal: new AuthError('not_found', 'The path is not valid percent-encoding.') };
  }
  if (path.startsWith(BUILD_FILES) && !BUILD_FILE_METHODS.has(method)) {
    return {
      refusal: new AuthError('method_not_allowed', "The build's files are read with GET or HEAD."),
      allow: 'GET, HEAD',
    };
  }
  return undefined;
}

/**
 * Requests Next.js would answer itself with a 500 or an empty 400 (a path that is not valid
 * percent-encoding, TRACE, WebDAV methods, anything but GET and HEAD on a build file) get a
 * problem+json answer here instead.
 */
function refuseBeforeNext(req: IncomingMessage, res: ServerResponse, browser: Config['browser']): boolean {
  const refused = refusalOf(req.method ?? '', (req.url ?? '/').split('?')[0]!);
  if (!refused) return false;
  // The same headers the API's adapters give every answer they serve, CORS included on the REST API.
  const headers = new Headers(
    Object.entries(req.headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value] as [string, string]] : [],
    ),
  );
  res.writeHead(refused.refusal.status, {
    'content-type': 'application/problem+json',
    ...apiHeaders(headers, req.url?.startsWith('/api/v1/') ? 'rest' : 'trpc', browser),
    ...(refused.allow ? { allow: refused.allow } : {}),
  });
  res.end(JSON.stringify(problemBody(refused.refusal)));
  return true;
}

/** Where the database is, for messages: never the URL itself, which may carry a password. */
function databaseLabel(config: Config): string {
  if (!config.databaseUrl) return `SQLite file ${sqliteFilePath(config.dataDir)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

async function prepareDatabase(container: Container) {
  const { logger, config } = container;
  try {
    const { dialect, applied } = await applyMigrations({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: (msg: string) => logger.info({ event: 'migrate' }, msg),
    });
    logger.info(
      { event: 'migrations', dialect, applied },
      applied.length ? `applied ${applied.length} migration(s)` : 'database schema is up to date',
    );
  } catch (error) {
    throw new StartupError(
      `Cannot reach or migrate the database (${databaseLabel(config)}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (config.demoAccounts) {
    const demo = await createDemoAccounts(container);
    // Printed once, on the console only, so a developer can sign in; never in production.
    if (demo) console.log(`\nDemo accounts created (shown once):\n${JSON.stringify(demo, null, 2)}\n`);
    else
      console.log(
        `\nNo demo accounts created: this database has an admin already. Demo passwords are printed only at the start that creates them; to see new ones, start with an empty DATA_DIR (${config.dataDir}) or set DATABASE_URL to an empty database.\n`,
      );
  }
}

async function main() {
  const container = createContainer();
  assertServable(container.config);
  const passkeysOff = passkeysOffNotice(container.config.browser.appUrl);
  if (passkeysOff) container.logger.warn({ event: 'passkeys_off' }, passkeysOff);
  await prepareDatabase(container);
  const stopSweeper = createSweeper(
    container.db.prisma,
    { now: () => new Date() },
    container.logger,
    container.config.auditRetention,
    container.config.customers.unverifiedTtl,
    container.config.webhooks.retention,
    container.config.serviceClients.revocationRetention,
    container.config.customers.guestMaxAge,
  ).start(container.config.cleanupInterval);
  const metrics = getMetrics();
  const webhooks = createDeliveryWorker({
    prisma: container.db.prisma,
    config: container.config,
    logger: container.logger,
    observer: { attempted: metrics.webhookAttempt },
  });
  metrics.observeWebhookQueue(() => webhooks.queue());
  webhooks.start();

  const oauthOff = oauthOffReason(container);
  if (oauthOff) container.logger.info({ event: 'oauth_off' }, oauthOff);
  // oidc-provider itself is imported at the first OAuth request, not here.
  const oauth = createAuthorizationServer(
    container,
    container.config.browser.appUrl ?? `http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`,
  );

  const app = next({ dev, hostname, port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    if (refuseBeforeNext(req, res, container.config.browser)) return;
    req.headers[SOCKET_IP_HEADER] = req.socket.remoteAddress ?? '';
    req.headers[SOCKET_TLS_HEADER] = 'encrypted' in req.socket && req.socket.encrypted ? '1' : '0';
    if (isOAuthPath((req.url ?? '/').split('?')[0]!)) return void oauth(req, res);
    void handle(req, res);
  });
  // Headers over Node's limit never reach Next.js; Node would answer a bare 431. The other parse
  // errors keep Node's own answer (a bare 400), which a listener must now write itself.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    if (error.code !== 'HPE_HEADER_OVERFLOW')
      return socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    const body = JSON.stringify(
      problemBody(new AuthError('headers_too_large', "The request headers are over the server's limit.")),
    );
    const head = [
      'HTTP/1.1 431 Request Header Fields Too Large',
      'content-type: application/problem+json',
      'cache-control: no-store',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  server.listen(port, hostname, () =>
    console.log(`commerce-auth ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`),
  );

  const shutdown = createGracefulShutdown(server, {
    delaySeconds: container.config.shutdown.delay,
    timeoutSeconds: container.config.shutdown.timeout,
    close: async () => {
      stopSweeper();
      // Attempts under way finish (each within WEBHOOK_TIMEOUT) before the pools close; the rest stay queued.
      await webhooks.stop();
      // The route handlers' container (their bundle's own copy of the service) holds the pools and
      // the after-response work of the requests served.
      await Promise.all([servingContainer()?.close(), container.close()]);
    },
    log: (event, message, fields) => container.logger.info({ event, ...fields }, message),
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  let interrupted = false;
  process.on('SIGINT', () => {
    // A second Ctrl-C does not wait for the graceful stop.
    if (interrupted) process.exit(130);
    interrupted = true;
    void shutdown('SIGINT');
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(`Cannot start: ${error.message}`);
  else console.error('Cannot start:', error);
  process.exit(1);
});

// Starts the app: applies pending migrations, creates demo accounts on a first development start,
// then serves Next.js over an HTTP server that records each request's socket address.
import { createServer } from 'node:http';
import next from 'next';
import { ConfigError } from '@/core/config';
import { SOCKET_IP_HEADER } from '@/server/client-info';
import { createContainer } from '@/server/container';
import { createDemoAccounts } from '@/server/demo-accounts';
import { applyMigrations } from '@/server/db/migrate';

const dev = process.argv.includes('--dev');
// Next.js fills in NODE_ENV=production for its production server when it is unset; the operator's
// own value (unset means development) decides whether production rules apply. See src/core/config.ts.
process.env.COMMERCE_AUTH_NODE_ENV = process.env.NODE_ENV || 'development';
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '0.0.0.0';

async function prepareDatabase() {
  const container = createContainer();
  const { logger, config } = container;
  try {
    const { dialect, applied } = await applyMigrations({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: (msg) => logger.info({ event: 'migrate' }, msg) });
    logger.info({ event: 'migrations', dialect, applied }, applied.length ? `applied ${applied.length} migration(s)` : 'database schema is up to date');
    if (config.demoAccounts) {
      const demo = await createDemoAccounts(container);
      if (demo) {
        // Printed once, on the console only, so a developer can sign in; never in production.
        console.log(`\nDemo accounts created (shown once):\n${JSON.stringify(demo, null, 2)}\n`);
      }
    }
  } finally {
    await container.close();
  }
}

async function main() {
  await prepareDatabase();
  const app = next({ dev, hostname, port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    req.headers[SOCKET_IP_HEADER] = req.socket.remoteAddress ?? '';
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  server.listen(port, hostname, () => console.log(`commerce-auth ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`));

  const stop = (signal: string) => {
    console.log(`${signal}: closing`);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Cannot start: ${error.message}`);
  else console.error('Cannot start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

// The operator CLI: `npm run -s cli -- <command> --flag value ...` prints one JSON object.
import { ConfigError, processEnvironment } from '@/core/config';
import { AuthError } from '@/core/errors';
import { createContainer } from '@/server/container';
import { applyMigrations } from '@/server/db/migrate';
import { createLogger } from '@/server/logger';
import { commandOrThrow } from './commands';

async function main(): Promise<number> {
  const [name, ...argv] = process.argv.slice(2);
  const command = commandOrThrow(name);
  // Logs go to stderr so stdout carries only the command's JSON.
  const container = createContainer({ logger: createLogger(processEnvironment().LOG_LEVEL ?? 'warn', process.stderr) });
  try {
    await applyMigrations({ databaseUrl: container.config.databaseUrl, dataDir: container.config.dataDir });
    const result = await command(argv, container);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await container.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AuthError || error instanceof ConfigError) {
      const fields = error instanceof AuthError && error.errors ? ` (${error.errors.map((e) => `${e.path}: ${e.message}`).join('; ')})` : '';
      process.stderr.write(`error: ${error.message}${error instanceof AuthError && !error.errors ? '' : fields}\n`);
    } else {
      process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(error instanceof AuthError && error.code === 'conflict' ? 3 : 2);
  },
);

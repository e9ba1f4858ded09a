// The operator CLI: `npm run -s cli -- <command> --flag value ...` prints one JSON object.
import { ConfigError, processEnvironment } from '@/core/config';
import { AuthError } from '@/core/auth-error';
import { createContainer } from '@/server/container';
import { applyMigrations } from '@/server/db/migrate';
import { operatorEnvironment } from '@/server/dev-secrets';
import { createLogger } from '@/server/logger';
import { readFlagsOf } from './args';
import { COMMANDS, commandOrThrow } from './commands';

const USAGE = `Usage: npm run -s cli -- <command> --flag value ...   (npm run -s cli -- <command> --help for its flags)

Runs one operator command on the configured database (DATABASE_URL, else the SQLite file in
DATA_DIR) and prints one JSON object. Passwords can come from standard input with --password-stdin.
Beside a development start (npm run start:dev) it needs nothing set: given neither NODE_ENV nor the
JWT secrets, it takes the start's rules and secrets from DATA_DIR (./.data).
Commands: ${Object.keys(COMMANDS).join(', ')}`;

async function main(): Promise<number> {
  const [name, ...argv] = process.argv.slice(2);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name.startsWith('-')) throw new AuthError('validation_failed', `Unknown option '${name}'. ${USAGE}`);
  const command = commandOrThrow(name);
  // Wrong flags and --help are answered before the configuration is read.
  const flags = await readFlagsOf(() => command(argv, {} as never));
  if (flags.help) {
    process.stdout.write(`Usage: npm run -s cli -- ${name} ${flags.flags.join(' ')}\n`);
    return 0;
  }
  // Logs go to stderr so stdout carries only the command's JSON.
  const { env, developmentStart } = operatorEnvironment(processEnvironment());
  if (developmentStart)
    process.stderr.write(`development rules: using the development start's secrets in ${developmentStart}\n`);
  const container = createContainer({ env, logger: createLogger(env.LOG_LEVEL ?? 'warn', process.stderr) });
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
      const fields =
        error instanceof AuthError && error.errors
          ? ` (${error.errors.map((e) => `${e.path}: ${e.message}`).join('; ')})`
          : '';
      process.stderr.write(`error: ${error.message}${error instanceof AuthError && !error.errors ? '' : fields}\n`);
    } else {
      process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(error instanceof AuthError && error.code === 'conflict' ? 3 : 2);
  },
);

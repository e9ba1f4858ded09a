// The app lifecycle of one test file: a fresh database, an SMTP sink, the started app and the seed
// accounts, set up in one `before` hook and stopped in one `after` hook.
import { after, before } from 'node:test';
import { seedAccounts, seededDatabase, TEMPLATE_SEED_PREFIX, type SeedAccounts } from './accounts';
import { startApp, type RunningApp } from './app-process';
import { createTestDatabase, type TestDatabase } from './databases';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export type { SeedAccounts };

export interface AppSuiteOptions {
  /** Settings of the app on top of appEnv's; with `smtp`, SMTP_URL names the sink. */
  env?: Record<string, string>;
  /** Start an SMTP sink on loopback (default: no). */
  smtp?: boolean;
  /** App processes started together on the fresh database before seeding (default 1; 0: none). */
  instances?: number;
  /** The prefix of seedAccounts' e-mails, or false for no seed accounts (default 'u'). */
  seed?: string | false;
  /** Node flags for the suite's first apps beside the start script's own. */
  nodeFlags?: string[];
  /** An empty database rather than a copy of the run's migrated template (default true: migrated). */
  migrated?: boolean;
  /** Runs last in the same hook (root-level `before` hooks of a file may run concurrently). */
  setup?: (suite: AppSuite) => Promise<void> | void;
}

/**
 * The first started app (as a RunningApp) plus what surrounds it. `db`, `mail` and `seed` are
 * filled in place by `before`, so a file may take them apart at its top level; the rest is read
 * once `before` ran.
 */
export interface AppSuite extends RunningApp {
  db: TestDatabase;
  /** The SMTP sink; only with `smtp: true`. */
  mail: SmtpSink;
  /** seedAccounts' accounts; only unless `seed: false`. */
  seed: SeedAccounts;
  /** Every app process started so far, in order; all are stopped after the file. */
  instances: RunningApp[];
  /** The settings the suite starts its apps with (env, and SMTP_URL with a sink). */
  env: Record<string, string>;
  /** Another app process on the same database, with `env` in place of the suite's settings. */
  start(env?: Record<string, string>): Promise<RunningApp>;
}

export function appSuite(options: AppSuiteOptions = {}): AppSuite {
  const instances: RunningApp[] = [];
  const first = () => {
    if (!instances[0]) throw new Error('no app was started in this suite');
    return instances[0];
  };
  const suite = {
    db: {} as TestDatabase,
    mail: {} as SmtpSink,
    seed: {} as SeedAccounts,
    instances,
    env: {},
    get url() {
      return first().url;
    },
    get port() {
      return first().port;
    },
    get output() {
      return first().output;
    },
    get process() {
      return first().process;
    },
    stop: (signal?: NodeJS.Signals) => first().stop(signal),
    async start(env: Record<string, string> = suite.env) {
      const started = await startApp(suite.db, env);
      instances.push(started);
      return started;
    },
  } as AppSuite;

  before(async () => {
    const migrated = options.migrated ?? true;
    // The usual accounts come with a copy of the run's seeded template, where it made one.
    const seeded =
      migrated && (options.seed ?? TEMPLATE_SEED_PREFIX) === TEMPLATE_SEED_PREFIX ? await seededDatabase() : undefined;
    Object.assign(suite.db, seeded?.db ?? (await createTestDatabase(undefined, undefined, migrated)));
    if (seeded) Object.assign(suite.seed, seeded.seed);
    if (options.smtp) Object.assign(suite.mail, await startSmtpSink());
    suite.env = { ...options.env, ...(options.smtp ? { SMTP_URL: suite.mail.url } : {}) };
    // Started together: on an empty database they run the start-up migrations at once.
    instances.push(
      ...(await Promise.all(
        Array.from({ length: options.instances ?? 1 }, () =>
          startApp(suite.db, suite.env, undefined, [], options.nodeFlags),
        ),
      )),
    );
    if (options.seed !== false && !seeded) Object.assign(suite.seed, await seedAccounts(suite.db, options.seed));
    await options.setup?.(suite);
  });
  after(async () => {
    await Promise.all(instances.map((app) => app.stop()));
    await suite.mail.close?.();
    await suite.db.drop?.();
  });
  return suite;
}

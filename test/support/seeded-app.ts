// The usual setup of a test file: a fresh database with seedAccounts, the started app with `env`,
// and optionally an SMTP sink the app mails to; all torn down after the file.
import { after, before } from 'node:test';
import { seedAccounts } from './accounts';
import { startApp, type RunningApp } from './app-process';
import { createTestDatabase, type TestDatabase } from './databases';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export interface SeededApp {
  db: TestDatabase;
  app: RunningApp;
  seed: Awaited<ReturnType<typeof seedAccounts>>;
  /** Present when asked for with `{ smtp: true }`. */
  smtp: SmtpSink;
}

export function seededApp(env: Record<string, string> = {}, options: { smtp?: boolean } = {}): SeededApp {
  const suite = {} as SeededApp;
  before(async () => {
    suite.db = await createTestDatabase();
    if (options.smtp) suite.smtp = await startSmtpSink();
    suite.seed = await seedAccounts(suite.db);
    suite.app = await startApp(suite.db, { ...env, ...(options.smtp ? { SMTP_URL: suite.smtp.url } : {}) });
  });
  after(async () => {
    await suite.app?.stop();
    await suite.smtp?.close();
    await suite.db?.drop();
  });
  return suite;
}

// Fixtures of the browser tests: per worker a fresh database, a real SMTP sink and the built app
// started on them; per test its own accounts (tests never share a password or a rate limit), and a
// page that fails the test on any unexpected console error or CSP violation.
import { test as base, expect, type Page } from '@playwright/test';
import { seedAccounts } from '../test/support/accounts';
import { startApp, type RunningApp } from '../test/support/app-process';
import { createTestDatabase, type TestDatabase } from '../test/support/databases';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp-sink';

export { PASSWORDS } from '../test/support/accounts';
export { expect };

export type Accounts = Awaited<ReturnType<typeof seedAccounts>>;

interface Server {
  app: RunningApp;
  db: TestDatabase;
  smtp: SmtpSink;
}

// The browser reports every non-2xx fetch as a console error; these are the ones tests provoke.
const EXPECTED_CONSOLE_ERRORS = /Failed to load resource: the server responded with a status of (401|429)/;

export const test = base.extend<{ accounts: Accounts; smtp: SmtpSink }, { accessExpires: string; mfaRequired: string; server: Server }>({
  /** JWT_ACCESS_EXPIRES of the worker's app; `test.use({ accessExpires: '3s' })` gets its own worker. */
  accessExpires: ['15m', { scope: 'worker', option: true }],
  /** MFA_REQUIRED of the worker's app: none by default, so password-only tests sign in with the password. */
  mfaRequired: ['', { scope: 'worker', option: true }],

  server: [
    async ({ accessExpires, mfaRequired }, use) => {
      const db = await createTestDatabase();
      const smtp = await startSmtpSink();
      const app = await startApp(db, {
        SMTP_URL: smtp.url,
        JWT_ACCESS_EXPIRES: accessExpires,
        MFA_REQUIRED: mfaRequired,
        RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3',
        LOG_LEVEL: 'warn',
      });
      await use({ app, db, smtp });
      await app.stop();
      await smtp.close();
      await db.drop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ server }, use) => use(server.app.url),
  smtp: async ({ server }, use) => use(server.smtp),

  accounts: async ({ server }, use, testInfo) => {
    const prefix = `w${testInfo.workerIndex}-${testInfo.testId.slice(0, 8)}-${Date.now().toString(36)}`;
    await use(await seedAccounts(server.db, prefix));
  },

  page: async ({ page }, use) => {
    const errors: string[] = [];
    // Every Content-Security-Policy violation fails the test, whatever the browser logs for it.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_CONSOLE_ERRORS.test(message.text())) errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(errors, 'unexpected console errors').toEqual([]);
  },
});

export type Role = 'admin' | 'vendor';

/** Signs in through the login page and waits for the role's landing page. */
export async function signIn(page: Page, role: Role, email: string, password: string) {
  await page.goto(`/${role}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(role === 'admin' ? '**/admin' : '**/vendor/pos');
}

/**
 * The page's own alert and status regions. Scoped to <main>: Next.js adds a route announcer
 * (role=alert) to every page, and the header's logout control has its own alert region.
 */
export const alertOf = (page: Page) => page.getByRole('main').getByRole('alert');
export const statusOf = (page: Page) => page.getByRole('main').getByRole('status');

/** Counts the page's requests whose path contains `fragment`, from now on. */
export function countRequests(page: Page, fragment: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes(fragment)) seen.push(request.url());
  });
  return { get count() { return seen.length; }, seen };
}

// Fixtures of the browser tests: per worker a fresh database, a real SMTP sink and the built app
// started on them; per test its own accounts (tests never share a password or a rate limit), and a
// page that fails the test on any unexpected console error or CSP violation.
import { test as base, expect, type Page } from '@playwright/test';
import { seedAccounts } from '../test/support/accounts';
import { freePort, startApp, type RunningApp } from '../test/support/app-process';
import { createTestDatabase, type TestDatabase } from '../test/support/databases';
import { startTestProvider, type TestProvider } from '../test/support/oidc-provider';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp-sink';

export { PASSWORDS } from '../test/support/accounts';
export { expect };

export type Accounts = Awaited<ReturnType<typeof seedAccounts>>;

interface Server {
  app: RunningApp;
  db: TestDatabase;
  smtp: SmtpSink;
  /** The OpenID provider `acme` on loopback, with `withProvider`. */
  provider?: TestProvider;
}

// The browser reports every non-2xx fetch as a console error; these are the ones tests provoke (428:
// the proof-of-work challenge asked for, which the page then solves).
const EXPECTED_CONSOLE_ERRORS = /Failed to load resource: the server responded with a status of (401|403|409|428|429)/;

interface WorkerOptions {
  accessExpires: string;
  mfaRequired: string;
  /** The host name the browser uses, which the app's APP_URL names too (a passkey's relying party is that host). */
  appHost: '127.0.0.1' | 'localhost';
  /** Start an OpenID provider (`acme`, "Acme ID") on loopback and configure the app with it. */
  withProvider: boolean;
  /** The name the app knows that provider by: `apple` takes Apple's preset (form_post answers, "Apple"). */
  providerName: 'acme' | 'apple';
  /** More settings of the worker's app (`test.use({ appEnv: {...} })` gets its own worker). */
  appEnv: Record<string, string>;
  server: Server;
}

export const test = base.extend<{ accounts: Accounts; smtp: SmtpSink; provider: TestProvider }, WorkerOptions>({
  /** JWT_ACCESS_EXPIRES of the worker's app; `test.use({ accessExpires: '3s' })` gets its own worker. */
  accessExpires: ['15m', { scope: 'worker', option: true }],
  /** MFA_REQUIRED of the worker's app: none by default, so password-only tests sign in with the password. */
  mfaRequired: ['', { scope: 'worker', option: true }],
  /** `test.use({ appHost: 'localhost' })` for passkeys: WebAuthn takes a domain as relying party, not an IP address. */
  appHost: ['127.0.0.1', { scope: 'worker', option: true }],
  withProvider: [false, { scope: 'worker', option: true }],
  providerName: ['acme', { scope: 'worker', option: true }],
  appEnv: [{}, { scope: 'worker', option: true }],

  server: [
    async ({ accessExpires, mfaRequired, appHost, withProvider, providerName, appEnv }, use) => {
      const db = await createTestDatabase();
      const smtp = await startSmtpSink();
      const port = await freePort();
      const provider = withProvider
        ? await startTestProvider({ redirectUris: [`http://${appHost}:${port}/account/oidc/callback`] })
        : undefined;
      // An http issuer on loopback is accepted under development rules only.
      const displayName = providerName === 'acme' ? { OIDC_ACME_DISPLAY_NAME: 'Acme ID' } : {};
      const oidc = provider
        ? { NODE_ENV: 'development', OIDC_PROVIDERS: providerName, ...displayName, ...provider.env(providerName) }
        : {};
      const app = await startApp(
        db,
        {
          ...oidc,
          APP_URL: `http://${appHost}:${port}`,
          SMTP_URL: smtp.url,
          JWT_ACCESS_EXPIRES: accessExpires,
          MFA_REQUIRED: mfaRequired,
          RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3',
          LOG_LEVEL: 'warn',
          ...appEnv,
        },
        port,
      );
      await use({ app, db, smtp, provider });
      await app.stop();
      await provider?.close();
      await smtp.close();
      await db.drop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ server, appHost }, use) => use(`http://${appHost}:${server.app.port}`),
  smtp: async ({ server }, use) => use(server.smtp),
  provider: async ({ server }, use) => {
    if (!server.provider) throw new Error('test.use({ withProvider: true }) starts the OpenID provider');
    await use(server.provider);
  },

  accounts: async ({ server }, use, testInfo) => {
    const prefix = `w${testInfo.workerIndex}-${testInfo.testId.slice(0, 8)}-${Date.now().toString(36)}`;
    await use(await seedAccounts(server.db, prefix));
  },

  page: async ({ page }, use) => {
    const errors: string[] = [];
    // Every Content-Security-Policy violation fails the test, whatever the browser logs for it.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
      );
    });
    // A page itself answering 404 (an unknown address) is what the not-found tests ask for.
    const pageNotFound = (text: string, url: string) => text.includes('status of 404') && url === page.url();
    page.on('console', (message) => {
      const { url } = message.location();
      if (
        message.type() === 'error' &&
        !EXPECTED_CONSOLE_ERRORS.test(message.text()) &&
        !pageNotFound(message.text(), url)
      )
        errors.push(`${message.text()} (${url})`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(errors, 'unexpected console errors').toEqual([]);
  },
});

export type Role = 'admin' | 'vendor';
/** Who signs in through a login page: staff, or a customer at /account/login. */
export type SignInRole = Role | 'customer';

/** Where each role lands once signed in. */
export const HOME: Record<SignInRole, string> = { admin: '**/admin', vendor: '**/vendor/pos', customer: '**/account' };
const areaOf = (role: SignInRole) => (role === 'customer' ? 'account' : role);

/**
 * Waits until React has taken over the page's form named `name`. Before that, the form still works
 * without script (a native post), so a test that clicks too early on a loaded machine sees the
 * server's answer instead of the page's own pending state and messages.
 */
export async function formTakenOver(page: Page, name: string) {
  await page.waitForFunction((label) => {
    const form = document.querySelector(`form[aria-label="${label}"]`);
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
  }, name);
}

/**
 * Fills the role's login form (opening it unless it is shown) and submits; what follows depends on the account's
 * factors.
 */
export async function submitPassword(page: Page, role: SignInRole, email: string, password: string) {
  if (!page.url().includes(`/${areaOf(role)}/login`)) await page.goto(`/${areaOf(role)}/login`);
  await formTakenOver(page, 'Sign in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the login page and waits for the role's landing page. */
export async function signIn(page: Page, role: SignInRole, email: string, password: string) {
  await page.goto(`/${areaOf(role)}/login`);
  await submitPassword(page, role, email, password);
  await page.waitForURL(HOME[role]);
}

/** Signs out from the header and waits for the sign-in page (a customer's is /account/login). */
export async function signOut(page: Page, role: SignInRole) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`**/${areaOf(role)}/login?reason=signed_out`);
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
  return {
    get count() {
      return seen.length;
    },
    seen,
  };
}

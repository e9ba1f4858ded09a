// Passkeys are bound to one address (APP_URL; http://localhost:3000 when unset, as in a development
// start). Used anywhere else they failed with "Passkeys are not available at this address" or "The
// passkey could not be verified", naming no address: the pages now name the address they are on,
// the one passkeys are set up for, and what to set. Regression: at 127.0.0.1 the advice was
// APP_URL=http://127.0.0.1:PORT, which browsers refuse as a relying party; it names localhost now,
// and an APP_URL at an IP address has the page say passkeys are off instead of the browser's
// "SecurityError: This is an invalid domain".
import type { Page } from '@playwright/test';
import { startApp, type RunningApp } from '../test/support/app-process';
import { alertOf, expect, PASSWORDS, submitPassword, test } from './fixtures';
import { checkPage } from './page-checks';

let development: RunningApp;
let atAnAddress: RunningApp;

test.beforeAll(async ({ server }) => {
  // A development start without APP_URL: the quick start's set-up, on the worker's database.
  development = await startApp(server.db, { NODE_ENV: 'development', APP_URL: undefined, LOG_LEVEL: 'warn' });
  // And one whose APP_URL is an IP address, as the README once advised.
  atAnAddress = await startApp(server.db, { NODE_ENV: 'development', LOG_LEVEL: 'warn' });
});
test.afterAll(async () => Promise.all([development?.stop(), atAnAddress?.stop()]));

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test('at another host, the passkey sign-in names both addresses and APP_URL', async ({ page }, testInfo) => {
  await addVirtualAuthenticator(page);
  const here = `http://127.0.0.1:${development.port}`;
  await page.goto(`${here}/vendor/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(alertOf(page)).toContainText(
    `Passkeys are set up for the address localhost, and this page is at ${here}, an IP address, which browsers refuse for passkeys.`,
  );
  await expect(alertOf(page)).toContainText(`set APP_URL=http://localhost:${development.port} and restart the service`);
  await expect(alertOf(page)).not.toContainText('APP_URL=http://127.0.0.1');
  await checkPage(page, testInfo, 'vendor-login-passkey-address');
});

test('with APP_URL at an IP address, the passkey sign-in says passkeys are off and advises localhost', async ({
  page,
}, testInfo) => {
  await addVirtualAuthenticator(page);
  await page.goto(`${atAnAddress.url}/vendor/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(alertOf(page)).toContainText(
    `Passkeys are off: the service's APP_URL names an IP address (127.0.0.1), and browsers refuse an IP address for passkeys. ` +
      `Set APP_URL=http://localhost:${atAnAddress.port}, restart the service and open the page at http://localhost:${atAnAddress.port}.`,
  );
  expect(atAnAddress.output.filter((line) => line.includes('Passkeys are off'))).toHaveLength(1);
  await checkPage(page, testInfo, 'vendor-login-passkeys-off');
});

test('at another port of the same host, adding a passkey names both origins and APP_URL', async ({
  page,
  accounts,
}) => {
  await addVirtualAuthenticator(page);
  const here = `http://localhost:${development.port}`;
  await page.goto(`${here}/vendor/login`);
  await submitPassword(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await page.waitForURL('**/vendor/pos');
  await page.goto(`${here}/vendor/security`);
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Passkey name').fill('Laptop');
  await form.getByRole('button', { name: 'Add passkey' }).click();
  await expect(form).toContainText(`Passkeys are set up for http://localhost:3000, and this page is at ${here}.`);
  await expect(form).toContainText(`set APP_URL=${here} and restart the service`);
});

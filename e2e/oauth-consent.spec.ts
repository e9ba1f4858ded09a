// An app's authorization in Chromium: the vendor sign-in page the authorization server sends the
// person to, signed in with the password, hands its session on, the consent page (axe scan and
// screenshots at 1280 and 360 px) names the app, the business and each scope, and Allow returns to
// the app's redirect URI with a code and the issuer; the owner's page then lists it under "Connected
// apps", where it is disconnected.
import { generateKeyPairSync } from 'node:crypto';
import { withContainer } from '../test/support/accounts';
import { expect, PASSWORDS, submitPassword, test } from './fixtures';
import { checkPage } from './page-checks';

const { privateKey } = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
test.use({ appEnv: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: privateKey } });

const REDIRECT = 'https://ledger.example/callback';

test('an owner signs in on the vendor page and allows an app on the consent page', async ({
  page,
  server,
  accounts,
}, testInfo) => {
  const app = await withContainer(server.db, ({ auth }) =>
    auth.apps.operator.create({
      name: 'Ledger',
      type: 'public',
      homepage_url: 'https://ledger.example',
      redirect_uris: [REDIRECT],
      scopes: ['openid', 'orders:read'],
    }),
  );
  // The app's own address is not reached: the browser's arrival there is the answer.
  let arrived: URL | undefined;
  await page.route('https://ledger.example/**', async (route) => {
    arrived = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Ledger</title><p>Back at Ledger</p>' });
  });
  const authorize = new URL('/oauth/authorize', server.app.url);
  for (const [name, value] of Object.entries({
    client_id: app.client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid orders:read',
    state: 'e2e-state',
    // The S256 challenge of the verifier "a".repeat(43); the test exchanges no code.
    code_challenge: 'ZtNPunH49FD35FWYhT5Tv8I7vRKQJ8uxMaL0_9eHjNA',
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(name, value);

  await page.goto(authorize.href);
  await page.waitForURL(/\/vendor\/login\?return=/);
  await submitPassword(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await page.waitForURL(/\/oauth\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Allow Ledger?' })).toBeVisible();
  await expect(page.getByText("See Corner Shop's orders")).toBeVisible();
  await expect(page.getByText('Corner Shop', { exact: true })).toBeVisible();
  await expect(page.getByText('This app registered itself:')).toHaveCount(0);
  await checkPage(page, testInfo, 'oauth-consent');

  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/ledger\.example/);
  expect(arrived?.searchParams.get('state')).toBe('e2e-state');
  expect(arrived?.searchParams.get('iss')).toBe(server.app.url);
  expect(arrived?.searchParams.get('code')).toBeTruthy();

  // The grant is on the owner's page under "Connected apps" (axe scan and screenshots), and ends there.
  await page.goto(new URL('/vendor/pos', server.app.url).href);
  const panel = page.getByRole('region', { name: 'Connected apps' });
  await expect(panel.getByRole('paragraph').filter({ hasText: /^Ledger$/ })).toBeVisible();
  await expect(panel.getByText('openid, orders:read')).toBeVisible();
  await checkPage(page, testInfo, 'connected-apps');
  await panel.getByRole('button', { name: 'Disconnect Ledger' }).click();
  await expect(panel.getByText('The app is disconnected.')).toBeVisible();
  await expect(panel.getByText('No connected apps.')).toBeVisible();
});

// An owner sees the apps their staff connected, on the POS page under "Staff's apps" (axe scan and
// screenshots at 1280 and 360 px), and disconnects one there: the employee's own list of
// connected apps is empty from then on.
import { generateKeyPairSync } from 'node:crypto';
import * as oidc from 'openid-client';
import { withContainer } from '../test/support/accounts';
import { get } from '../test/support/http';
import { authorizationUrl, oauthBrowser } from '../test/support/oauth-browser';
import { signIn as restSignIn } from '../test/support/sign-in';
import { expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';

const { privateKey } = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
test.use({ appEnv: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: privateKey } });

const REDIRECT = 'https://ledger.example/callback';

test("an owner lists an employee's connected app and disconnects it", async ({
  page,
  server,
  accounts,
  baseURL,
}, testInfo) => {
  const url = baseURL!;
  const app = await withContainer(server.db, ({ auth }) =>
    auth.apps.operator.create({
      name: 'Ledger',
      type: 'public',
      redirect_uris: [REDIRECT],
      scopes: ['openid', 'orders:read'],
    }),
  );
  // The employee allows the app through the authorization server's pages, over HTTP.
  const config = await oidc.discovery(new URL(server.app.url), app.client_id, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  const { url: authorize } = await authorizationUrl(config, REDIRECT, 'openid orders:read');
  const employee = { role: 'vendor' as const, email: accounts.employee.email, password: PASSWORDS.employee };
  const { consent } = await oauthBrowser(server.app.url).authorize(authorize, employee);
  expect(consent, 'a third-party app asks for consent').toBeTruthy();

  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  const panel = page.getByRole('region', { name: "Staff's apps" });
  const list = panel.getByRole('list', { name: "Staff's apps" });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(accounts.employee.email, { exact: true })).toBeVisible();
  await expect(list.getByText('openid, orders:read')).toBeVisible();
  await checkPage(page, testInfo, 'vendor-pos-staff-apps');

  await list.getByRole('button', { name: `Disconnect Ledger of ${accounts.employee.email}` }).click();
  await expect(panel.getByText(`Ledger is disconnected for ${accounts.employee.email}.`)).toBeVisible();
  await expect(panel.getByText('No connected apps.')).toBeVisible();
  const token = (await restSignIn(url, 'vendor', accounts.employee.email, PASSWORDS.employee)).access_token;
  const own = await get(url, '/api/v1/auth/vendor/apps', token);
  expect(own.status).toBe(200);
  expect(own.body.items).toEqual([]);
});

// The admin's apps page: registering a confidential app shows its secret once, editing changes its
// scopes, rotating shows a new secret, removing takes it off the list; an app that registered itself
// (RFC 7591) is marked so and removed likewise; axe and phone-width checks.
import { generateKeyPairSync } from 'node:crypto';
import { expect, PASSWORDS, signIn, statusOf, test } from './fixtures';
import { checkPage } from './page-checks';

const SECRET = /^[A-Za-z0-9_-]{43}$/;
// The authorization server (and with it /oauth/register) needs an asymmetric access-token key.
const { privateKey } = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
test.use({
  appEnv: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: privateKey, OAUTH_DYNAMIC_REGISTRATION: '1' },
});

test('an admin registers a confidential app, copies its secret once, edits its scopes, rotates the secret and removes it', async ({
  page,
  accounts,
}, testInfo) => {
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto('/admin/apps');
  await expect(page.getByRole('heading', { name: 'Apps', level: 1 })).toBeVisible();
  await checkPage(page, testInfo, 'admin-apps');

  const name = `books-${testInfo.workerIndex}-${Date.now()}`;
  const form = page.getByRole('form', { name: 'New app' });
  await form.getByLabel('App name').fill(name);
  await form.getByLabel('Redirect URIs').fill('https://books.example/callback\nhttp://127.0.0.1:8400/cb');
  await form.getByRole('checkbox', { name: 'orders:read' }).check();
  await form.getByRole('radio', { name: /confidential/ }).check();
  await form.getByLabel('Homepage').fill('https://books.example');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(statusOf(page).filter({ hasText: `${name} is registered.` })).toBeVisible();
  const secret = page.getByLabel('Client secret', { exact: true });
  await expect(secret).toHaveText(SECRET);
  const first = await secret.textContent();
  const row = page.getByRole('list', { name: 'Apps' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('confidential');
  await expect(row).toContainText('Scopes: openid orders:read');
  await expect(row).toContainText('https://books.example/callback');
  await checkPage(page, testInfo, 'admin-apps-registered');

  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(page.getByLabel('Client secret', { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(first!);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = row.getByRole('form', { name: `Change ${name}` });
  await edit.getByRole('checkbox', { name: 'orders:read' }).uncheck();
  await edit.getByRole('checkbox', { name: 'catalogue:write' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('status').filter({ hasText: `${name} is saved.` })).toBeVisible();
  await expect(row).toContainText('Scopes: openid catalogue:write');

  await row.getByRole('button', { name: `Rotate secret of ${name}` }).click();
  await expect(page.getByText(/The previous secret keeps working until/)).toBeVisible();
  await expect(page.getByLabel('Client secret', { exact: true })).toHaveText(SECRET);
  expect(await page.getByLabel('Client secret', { exact: true }).textContent()).not.toBe(first);

  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await row.getByRole('button', { name: `Confirm removal of ${name}` }).click();
  await expect(row).toHaveCount(0);
});

test('an app that registered itself is marked so on the list, and an admin removes it', async ({
  page,
  accounts,
  baseURL,
}, testInfo) => {
  const name = `agent-${testInfo.workerIndex}-${Date.now()}`;
  const registered = await fetch(`${baseURL}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: ['http://127.0.0.1:8401/cb'] }),
  });
  expect(registered.status).toBe(201);
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto('/admin/apps');
  const row = page.getByRole('list', { name: 'Apps' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Registered itself');
  await expect(row).toContainText('public');
  await checkPage(page, testInfo, 'admin-apps-self-registered');
  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await row.getByRole('button', { name: `Confirm removal of ${name}` }).click();
  await expect(row).toHaveCount(0);
});

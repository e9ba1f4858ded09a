// The administration pages: an admin sets up a vendor business from the UI (owner, store, POS
// terminal, an invited employee with narrow modules) and that employee signs in at the POS; the navigation
// and the pages follow the admin's modules; admin accounts, paging and sessions work from the UI.
import type { Locator, Page } from '@playwright/test';
import { withContainer } from '../test/support/accounts';
import { countRequests, expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';
import { acceptInBrowser, invitationLinkOf } from './invitation-steps';

const NEW_PASSWORD = 'fresh-pass-R2d!q8';

/** A suffix no other test or run uses, for names and e-mail addresses. */
const unique = (testId: string) => `${testId.slice(0, 6)}${Date.now().toString(36)}`;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Modules' });
const form = (page: Page, name: string) => page.getByRole('form', { name });

/**
 * Clicks "Load more" until the list has no further page. Each round waits for the list to grow, so
 * the button is only looked at again once the page it asked for has been rendered.
 */
async function loadAll(page: Page, list: string, noun: string) {
  const items = page.getByRole('list', { name: list }).getByRole('listitem');
  const more = page.getByRole('button', { name: `Load more ${noun}` });
  while (await more.isVisible()) {
    const shown = await items.count();
    await more.click();
    await expect(items).not.toHaveCount(shown);
  }
}

async function fill(scope: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label, { exact: true }).fill(value);
}

test('an admin creates a business, a store, a terminal and invites an employee, who signs in at the POS', async ({
  page,
  accounts,
  smtp,
  browser,
  baseURL,
}, testInfo) => {
  const id = unique(testInfo.testId);
  // One long word, as real business names have: on a phone it must wrap, not widen the page.
  const business = `Feinkostgroßhandlung${id}`;
  const employee = { name: `Nora ${id}`, email: `nora-${id}@example.com` };

  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await nav(page).getByRole('link', { name: 'Vendors' }).click();
  await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Vendors' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: 'Vendor businesses' })).toBeVisible();
  await checkPage(page, testInfo, 'admin-vendors');

  const newVendor = form(page, 'New vendor business');
  await fill(newVendor, {
    'Business name': business,
    "Owner's name": 'Oscar Owner',
    "Owner's e-mail": `oscar-${id}@example.com`,
    "Owner's first password": NEW_PASSWORD,
  });
  await newVendor.getByRole('button', { name: 'Create business' }).click();
  await page.waitForURL(/\/admin\/vendors\/[^/]+$/);
  await expect(page.getByRole('heading', { name: business, level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Accounts' })).toContainText('Oscar Owner');

  const newStore = form(page, 'New store');
  await newStore.getByLabel('Store name').fill('Harbour Market');
  await newStore.getByRole('button', { name: 'Add store' }).click();
  await expect(newStore.getByRole('status')).toContainText('Harbour Market is added.');
  const newTerminal = form(page, 'New terminal for Harbour Market');
  await newTerminal.getByLabel('Terminal name').fill('Till H1');
  await newTerminal.getByRole('button', { name: 'Add terminal' }).click();
  await expect(page.getByRole('list', { name: 'Terminals of Harbour Market' })).toHaveText('Till H1');

  const newEmployee = form(page, 'Invite an employee');
  await fill(newEmployee, { 'E-mail': employee.email, Name: employee.name });
  await newEmployee.getByRole('group', { name: 'Orders' }).getByLabel('Read').check(); // grants the module too
  await newEmployee.getByRole('group', { name: 'Point of sale' }).getByLabel('Access').check();
  await expect(newEmployee.getByRole('group', { name: 'Orders' }).getByLabel('Access')).toBeChecked();
  await newEmployee.getByRole('group', { name: 'Stores', exact: true }).getByLabel('Harbour Market').check();
  const since = smtp.messages.length;
  await newEmployee.getByRole('button', { name: 'Send invitation' }).click();
  await expect(newEmployee.getByRole('status')).toContainText(`An invitation is on its way to ${employee.name}`);
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(employee.email);
  // The employee chooses the password in a browser of their own; the account then shows here.
  const link = await invitationLinkOf(smtp, employee.email, 'vendor', since);
  const invited = await acceptInBrowser(browser, baseURL!, link, 'vendor', NEW_PASSWORD, testInfo);
  await invited.context().close();
  await page.reload();
  const row = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: employee.email });
  await expect(row).toContainText('Modules: Orders, Point of sale · Stores: Harbour Market');
  await checkPage(page, testInfo, 'admin-vendor');

  await row.getByRole('button', { name: `Manage ${employee.name}` }).click();
  await expect(
    row
      .getByRole('form', { name: `Change ${employee.name}` })
      .getByRole('group', { name: 'Orders' })
      .getByLabel('Read'),
  ).toBeChecked();
  await checkPage(page, testInfo, 'admin-vendor-account');

  await signIn(page, 'vendor', employee.email, NEW_PASSWORD);
  const stores = page.getByRole('group', { name: 'Store' });
  await expect(stores.getByRole('radio')).toHaveCount(1);
  await expect(stores.getByLabel('Harbour Market')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Terminal' }).getByLabel('Till H1')).toBeChecked();
  await expect(nav(page).getByRole('link')).toHaveText(['Point of sale', 'Orders', 'Security']);
  // The sign-in at the invitation's link, and this one.
  await expect(page.getByRole('region', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(2);
});

test('an admin without the vendors module sees no Vendors entry, and the pages say there is no access', async ({
  page,
  accounts,
}, testInfo) => {
  const administration = countRequests(page, 'admin.vendors');
  await signIn(page, 'admin', accounts.limited.email, PASSWORDS.limited);
  await expect(nav(page).getByRole('link')).toHaveText(['Overview', 'Orders', 'Security']);

  for (const [path, module] of [
    ['/admin/vendors', 'Vendors'],
    ['/admin/admins', 'Admins'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'No access' })).toContainText(
      `Your account does not have the ${module} module`,
    );
    await expect(nav(page).getByRole('link', { name: module })).toHaveCount(0);
  }
  await checkPage(page, testInfo, 'admin-no-access');
  expect(administration.count, 'no vendors procedure is even asked for').toBe(0);
});

test('an admin invites an admin, changes its modules, disables and enables it', async ({
  page,
  accounts,
  smtp,
  browser,
  baseURL,
}, testInfo) => {
  const id = unique(testInfo.testId);
  const name = `Ada ${id}`;
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await nav(page).getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();

  const newAdmin = form(page, 'Invite an admin');
  await fill(newAdmin, { 'E-mail': `ada-${id}@example.com`, Name: name });
  await newAdmin.getByRole('group', { name: 'Modules' }).getByLabel('Admins').check();
  const since = smtp.messages.length;
  await newAdmin.getByRole('button', { name: 'Send invitation' }).click();
  await expect(newAdmin.getByRole('status')).toContainText(`An invitation is on its way to ${name}`);
  await expect(newAdmin.getByLabel('Name', { exact: true })).toHaveValue('');
  const link = await invitationLinkOf(smtp, `ada-${id}@example.com`, 'admin', since);
  await (await acceptInBrowser(browser, baseURL!, link, 'admin', NEW_PASSWORD, testInfo)).context().close();
  await page.reload();

  await loadAll(page, 'Admin accounts', 'admins');
  const row = page
    .getByRole('list', { name: 'Admin accounts' })
    .getByRole('listitem')
    .filter({ hasText: `ada-${id}@example.com` });
  await expect(row).toContainText('Modules: Admins');
  await row.getByRole('button', { name: `Manage ${name}` }).click();
  const editor = row.getByRole('form', { name: `Change ${name}` });
  await editor.getByRole('group', { name: 'Modules' }).getByLabel('Vendors').check();
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByRole('status')).toContainText(`Saved: ${name} now has 2 modules.`);
  await expect(row).toContainText('Modules: Admins, Vendors');

  await row.getByRole('button', { name: `Disable account of ${name}` }).click();
  await expect(row.getByRole('heading', { name })).toContainText('Disabled');
  await expect(row.getByRole('status').filter({ hasText: 'signed out everywhere' })).toBeVisible();
  await checkPage(page, testInfo, 'admin-admins');
  await row.getByRole('button', { name: `Enable account of ${name}` }).click();
  await expect(row.getByRole('heading', { name })).not.toContainText('Disabled');
});

test('the vendors list pages with Load more', async ({ page, accounts, server }, testInfo) => {
  const id = unique(testInfo.testId);
  // More businesses than one page holds, whatever other tests of this worker created.
  await withContainer(server.db, async ({ auth }) => {
    for (let i = 0; i < 21; i += 1) {
      await auth.operator.createVendor({
        name: `Paged ${id} ${i}`,
        owner_email: `paged-${id}-${i}@example.com`,
        owner_password: NEW_PASSWORD,
        owner_name: `Owner ${i}`,
      });
    }
  });
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto('/admin/vendors');
  const list = page.getByRole('list', { name: 'Vendor businesses' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText('20 businesses shown; more to load.')).toBeVisible();
  await loadAll(page, 'Vendor businesses', 'businesses');
  await expect(list.getByRole('listitem').filter({ hasText: `Paged ${id}` })).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'Load more businesses' })).toHaveCount(0);
});

test('an account lists its own sessions and ends another device’s, which is then signed out', async ({
  page,
  browser,
  accounts,
}) => {
  const tablet = await browser.newContext({ userAgent: 'Back-office tablet' });
  const other = await tablet.newPage();
  await signIn(other, 'admin', accounts.limited.email, PASSWORDS.limited);
  await signIn(page, 'admin', accounts.limited.email, PASSWORDS.limited);

  const sessions = page.getByRole('region', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions
    .getByRole('listitem')
    .filter({ hasText: 'Back-office tablet' })
    .getByRole('button', { name: /^End session/ })
    .click();
  await expect(sessions.getByRole('status').filter({ hasText: 'The session has ended' })).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The tablet's refresh token is revoked: after a reload (no access token in memory) it must sign in.
  await other.reload();
  await other.waitForURL('**/admin/login?reason=*');
  await tablet.close();
});

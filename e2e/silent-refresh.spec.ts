// Refresh-on-401 in the tRPC link, against an app whose access tokens live 3 seconds: requests
// after expiry succeed through exactly one silent refresh, however many run in parallel.
import { alertOf, countRequests, expect, PASSWORDS, signIn, statusOf, test } from './fixtures';

test.use({ accessExpires: '3s' });

const REFRESH_PATH = '/api/trpc/session/vendor/refresh';

test('after expiry, parallel queries share one refresh and are retried once', async ({ page, accounts }) => {
  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await expect(page.getByRole('group', { name: 'Store' }).getByRole('radio')).toHaveCount(2);
  // Every panel has loaded (the stores and staff lists come after the profile): on a slow machine a
  // late one would otherwise meet the expired token on its own, outside what is measured here.
  await page.waitForLoadState('networkidle');

  const refreshes = countRequests(page, REFRESH_PATH);
  const unauthorized: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(new URL(r.url()).pathname);
  });
  await page.waitForTimeout(4_000); // past the 3 s lifetime of the access token

  // Reload refetches the profile, the context and the sessions at once: all fail with 401, then
  // share one refresh.
  const retried = Promise.all(
    ['vendor.me', 'vendor.context', 'vendor.listOwnSessions'].map((path) =>
      page.waitForResponse((r) => r.url().includes(`/api/trpc/${path}`) && r.status() === 200),
    ),
  );
  await page.getByRole('button', { name: 'Reload' }).click();
  await retried;
  await expect(page.getByRole('button', { name: 'Reload' })).toBeEnabled();

  // The reloaded queries met the expired token; so may panels that re-read their data meanwhile
  // (on a slow machine the stores and staff lists do). Each was refused once and retried once,
  // after one shared refresh.
  expect(unauthorized).toEqual(
    expect.arrayContaining(['/api/trpc/vendor.context', '/api/trpc/vendor.listOwnSessions', '/api/trpc/vendor.me']),
  );
  expect(new Set(unauthorized).size).toBe(unauthorized.length);
  expect(refreshes.count).toBe(1);
  // No error shown: the page's alert regions (always present, so messages are announced) are empty.
  await expect(alertOf(page).filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Store' }).getByRole('radio')).toHaveCount(2);
});

test("a reload recovers the session with one refresh for all of the page's queries", async ({ page, accounts }) => {
  await signIn(page, 'vendor', accounts.employee.email, PASSWORDS.employee);
  const refreshes = countRequests(page, REFRESH_PATH);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Store' }).getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Orders' })).toBeVisible();
  expect(refreshes.count).toBe(1);
});

test('when the refresh fails, the page returns to the login page with a message', async ({
  page,
  accounts,
  context,
}) => {
  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await context.clearCookies(); // the refresh token is gone (another device signed out, say)
  await page.waitForTimeout(4_000);
  // Reload meets the expired token; on a slow machine a panel that re-reads its data may meet it
  // first. Either way the failed refresh must end at the sign-in page with the message.
  const expired = page.waitForURL('**/vendor/login?reason=expired');
  await Promise.race([
    expired,
    page
      .getByRole('button', { name: 'Reload' })
      .click()
      .catch(() => undefined),
  ]);
  await expired;
  await expect(statusOf(page)).toContainText('Your session has ended. Sign in again to continue.');
});

// Where tokens live in the browser: the refresh token only in an httpOnly, Secure, SameSite=Strict
// cookie scoped to the session endpoint (the device marker to the login procedure); the access token only in memory.
import type { Page } from '@playwright/test';
import { expect, PASSWORDS, signIn, test } from './fixtures';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/** Every string page script can reach without a token: cookies, web storage, window globals. */
async function readableStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const values = [document.cookie];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i += 1) values.push(`${storage.key(i)}=${storage.getItem(storage.key(i)!)}`);
    }
    for (const key of Object.getOwnPropertyNames(window)) {
      try {
        const value: unknown = (window as unknown as Record<string, unknown>)[key];
        if (typeof value === 'string') values.push(value);
        else if (value && typeof value === 'object' && !(value instanceof Node))
          values.push(JSON.stringify(value).slice(0, 100_000));
      } catch {
        // cross-origin frames, circular objects and getters that throw: nothing readable there
      }
    }
    return values;
  });
}

test('the refresh token is an httpOnly cookie for the session endpoint only, and no token is readable', async ({
  page,
  context,
  accounts,
}) => {
  const loginBodies: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('admin.login')) loginBodies.push(await r.text());
  });
  const sent: { url: string; cookie: string; authorization: string }[] = [];
  page.on('request', async (r) => {
    if (r.url().includes('/api/trpc/')) {
      const headers = await r.allHeaders();
      sent.push({ url: r.url(), cookie: headers.cookie ?? '', authorization: headers.authorization ?? '' });
    }
  });

  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('region', { name: 'Orders' })).toBeVisible();

  const all = await context.cookies();
  // Besides the refresh token, only the device marker, sent with the login procedure alone.
  expect(all.map((c) => c.name).sort()).toEqual(['admin_device_id', 'admin_refresh_token']);
  expect(all.find((c) => c.name === 'admin_device_id')).toMatchObject({
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/api/trpc/admin.login',
  });
  const cookies = all.filter((c) => c.name === 'admin_refresh_token');
  expect(cookies[0]).toMatchObject({
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/api/trpc/session/admin',
  });
  const refreshToken = cookies[0]!.value;
  expect(refreshToken).toMatch(JWT);

  // The login answer carries the access token but never the refresh token.
  expect(loginBodies).toHaveLength(1);
  const accessToken = JWT.exec(loginBodies[0]!)?.[0];
  expect(accessToken).toBeDefined();
  expect(loginBodies[0]).not.toContain('refresh_token');
  expect(loginBodies[0]).not.toContain(refreshToken);
  // The page holds the access token (it sends it as the bearer of the admin's procedures) ...
  const procedures = sent.filter((r) => r.url.includes('/api/trpc/admin.') && !r.url.includes('admin.login'));
  expect(procedures.length).toBeGreaterThan(0);
  expect(procedures.some((r) => r.authorization === `Bearer ${accessToken}`)).toBe(true);
  // ... and they never receive the refresh cookie.
  expect(procedures.filter((r) => r.cookie.includes('refresh_token'))).toEqual([]);

  // ... yet neither token is anywhere page script can read.
  const leaks = async () =>
    (await readableStrings(page)).filter((s) => JWT.test(s) || s.includes(accessToken!) || s.includes(refreshToken));
  expect(await leaks()).toEqual([]);

  // Positive controls: a token put where page script can read it is found there.
  await page.evaluate((token) => localStorage.setItem('probe', token), accessToken!);
  expect(await leaks()).not.toEqual([]);
  await page.evaluate((token) => {
    localStorage.removeItem('probe');
    sessionStorage.setItem('probe', token);
  }, accessToken!);
  expect(await leaks()).not.toEqual([]);
  await page.evaluate((token) => {
    sessionStorage.removeItem('probe');
    (window as unknown as { probe: unknown }).probe = { session: { token } };
  }, accessToken!);
  expect(await leaks()).not.toEqual([]);
  await page.evaluate(() => delete (window as unknown as { probe?: unknown }).probe);
  await context.addCookies([{ ...cookies[0]!, name: 'probe', path: '/', httpOnly: false }]);
  expect(await leaks()).not.toEqual([]);
  await context.clearCookies({ name: 'probe' });
  expect(await leaks()).toEqual([]);

  // The cookie goes to the session endpoint: a reload restores the session through it.
  sent.length = 0;
  await page.reload();
  await expect(page.getByRole('region', { name: 'Orders' })).toBeVisible();
  expect(
    sent
      .filter((r) => r.url.includes('/api/trpc/session/admin/'))
      .some((r) => r.cookie.includes(`admin_refresh_token=${refreshToken}`)),
  ).toBe(true);
  expect(sent.filter((r) => !r.url.includes('/api/trpc/session/admin/') && r.cookie.includes('refresh_token'))).toEqual(
    [],
  );
});

test('a vendor session leaves no token in web storage either, after a reload', async ({ page, accounts }) => {
  await signIn(page, 'vendor', accounts.employee.email, PASSWORDS.employee);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Store' })).toBeVisible();
  const strings = await readableStrings(page);
  expect(strings.filter((s) => JWT.test(s))).toEqual([]);
  // The device's POS choice is stored, as ids only.
  expect(strings.some((s) => s.startsWith('commerce-auth.pos-device.'))).toBe(true);
});

// A guest who continues with an identity provider on loopback: the guest's token goes along to the
// pages' callback (the provider's redirect back carries only Lax cookies), so the sign-in links the
// guest and ends its session.
import { expect, test } from './fixtures';
import { continueWithProvider } from './sign-in-steps';

test.use({ withProvider: true });

test('a guest continues with a provider: signed in, the guest session ends', async ({ page, provider }) => {
  const id = Date.now().toString(36);
  const email = `guest-prov-${id}@example.com`;
  provider.setAccount(`guest-prov-${id}`, { email, email_verified: true, name: 'Gus Provider' });
  provider.signInAs(`guest-prov-${id}`);

  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { name: 'You are shopping as a guest' })).toBeVisible();
  const guest = (await page.context().cookies()).find((c) => c.name.endsWith('customer_guest_token'));
  expect(guest?.value).toBeTruthy();

  await page.goto('/account/login');
  await continueWithProvider(page);
  await expect(page.getByRole('main')).toContainText(email);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name.endsWith('customer_guest_token') || c.name === 'customer_oidc_guest')).toBe(false);
  const refreshed = await page.request.post('/api/v1/auth/customer/refresh', {
    data: { refresh_token: guest!.value },
  });
  expect(refreshed.status()).toBe(401);
});

// "Continue with Apple" through the browser against a real OpenID provider on loopback configured
// under Apple's preset, which asks for response_mode=form_post: the provider answers with a form
// that posts the code and state to the pages' callback from another site (the provider is on
// 127.0.0.1, the app on localhost). The flow's binding cookie (SameSite=Lax) does not come with
// that cross-site POST; the callback sends the answer on to itself as a GET, which it comes with,
// and the customer lands on /account signed in. A posted answer without the binding signs nobody in.
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkPage } from './page-checks';
import { continueWithProvider } from './sign-in-steps';

test.use({ appHost: 'localhost', withProvider: true, providerName: 'apple' });
test.describe.configure({ timeout: 120_000 });

const BINDING = 'customer_oidc_browser';

/** The callback's requests as the browser sent them: method, media type and whether the binding cookie came along. */
async function callbackRequest(request: Request) {
  const headers = await request.allHeaders();
  return {
    method: request.method(),
    media: (headers['content-type'] ?? '').split(';')[0],
    bound: (headers.cookie ?? '').includes(`${BINDING}=`),
    url: new URL(request.url()),
  };
}

test('Apple answers with a cross-site form POST and the customer is signed in', async ({
  page,
  provider,
}, testInfo) => {
  const id = `apple-${Date.now().toString(36)}`;
  const email = `${id}@privaterelay.example.com`;
  // Apple gives email_verified as the string "true".
  provider.setAccount(id, { email, email_verified: 'true' });
  provider.signInAs(id);
  const callbacks: Promise<Awaited<ReturnType<typeof callbackRequest>>>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/account/oidc/callback') callbacks.push(callbackRequest(request));
  });
  const started = page.waitForResponse((response) => response.url().includes('/api/trpc/customer.oidcStart'));

  await page.goto('/account/login');
  await checkPage(page, testInfo, 'customer-login-apple', ['phone']);
  await continueWithProvider(page, 'Apple');
  await expect(page.getByRole('main')).toContainText(email);

  const binding = (await (await started).headerValue('set-cookie')) ?? '';
  expect(binding).toContain(`${BINDING}=`);
  expect(binding).toMatch(/SameSite=Lax/i);
  const [posted, followed, ...rest] = await Promise.all(callbacks);
  expect(rest).toEqual([]);
  expect(posted).toMatchObject({ method: 'POST', media: 'application/x-www-form-urlencoded', bound: false });
  expect(followed).toMatchObject({ method: 'GET', bound: true });
  expect(followed!.url.searchParams.get('code')).toBeTruthy();
  expect(followed!.url.searchParams.get('state')).toBeTruthy();
  // The binding is spent: it does not outlive the sign-in.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(BINDING);
});

test('a posted answer from a browser that did not start the flow signs nobody in', async ({ page }) => {
  await page.goto('/account/login');
  const answer = await page.request.post('/account/oidc/callback', {
    form: { code: 'someone-elses-code', state: 'someone-elses-state' },
  });
  expect(new URL(answer.url()).pathname + new URL(answer.url()).search).toBe('/account/login?reason=oidc_failed');
});

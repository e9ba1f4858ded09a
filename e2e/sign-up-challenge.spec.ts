// Sign-up while the service asks for a proof-of-work challenge (CHALLENGE=always): the page gets
// 428 with a challenge, solves it in a Web Worker and sends the sign-up again, which mails the
// code; no request of the page, its worker or its scripts leaves 127.0.0.1.
import { expect, test } from './fixtures';
import { checkPage } from './page-checks';

test.use({ appEnv: { CHALLENGE: 'always', CHALLENGE_DIFFICULTY: '20000' } });

test('the sign-up page solves the challenge in a worker and signs up, with no request leaving the machine', async ({
  page,
  smtp,
  baseURL,
}, testInfo) => {
  const elsewhere: string[] = [];
  const answers: number[] = [];
  page.context().on('request', (request) => {
    if (!new URL(request.url()).origin.startsWith('http://127.0.0.1:') && !request.url().startsWith('blob:'))
      elsewhere.push(request.url());
  });
  page.on('response', (response) => {
    if (response.url().includes('customer.register')) answers.push(response.status());
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  const email = `challenged-${Date.now().toString(36)}@example.com`;
  await page.goto('/account/sign-up');
  await checkPage(page, testInfo, 'customer-sign-up-challenge');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill('Cai Challenged');
  await page.getByLabel('Password', { exact: true }).fill('customer-pass-T6y!u3');
  const since = smtp.messages.length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  expect(answers).toEqual([428, 200]);
  expect(workers.length).toBeGreaterThan(0);
  await checkPage(page, testInfo, 'customer-sign-up-challenge-code');

  const { code } = await smtp.waitFor(email, { since, withCode: true });
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('main')).toContainText(email);
  expect(elsewhere, `requests that left ${baseURL}`).toEqual([]);
});

// tRPC batching is off: the pages send one call per request, and a batch would let one request
// carry many calls (many password guesses, many reset requests) past per-request defences.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { post } from '../support/http';
import { appSuite } from '../support/app-suite';

const s = appSuite({ env: { RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '3' } });

// Regression: batching was on, so one request could carry any number of login calls.
test('a batch of tRPC calls is refused with 400 and runs none of them', async () => {
  const guesses = Object.fromEntries(
    Array.from({ length: 5 }, (_, i) => [String(i), { email: s.seed.limited.email, password: `guess-${i}-wrong` }]),
  );
  const path = `/api/trpc/${Object.keys(guesses)
    .map(() => 'admin.login')
    .join(',')}?batch=1`;
  const batch = await post(s.url, path, guesses);
  assert.equal(batch.status, 400, batch.text);
  assert.match(batch.text, /Batching is not enabled/);
  // None of the guesses counted: the per-(e-mail, address) limit of 3 still lets the right password in.
  const single = await post(s.url, '/api/trpc/admin.login', {
    email: s.seed.limited.email,
    password: PASSWORDS.limited,
  });
  assert.equal(single.status, 200, single.text);
});

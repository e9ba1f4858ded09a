// The login and reset limits over a counter store: windows, keys, refunds and Retry-After.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRateLimiter, type CounterStore, type RateLimiter } from '@/core/rate-limits';

function memoryCounters(): CounterStore & { values: Map<string, number> } {
  const values = new Map<string, number>();
  const add = async (key: string, by: number) => {
    const next = (values.get(key) ?? 0) + by;
    values.set(key, next);
    return next;
  };
  return { values, add, addEach: (keys, by) => Promise.all(keys.map((key) => add(key, by))) };
}

/** One attempt that ends as a wrong password: its slot is reserved, then settled as a failure. */
async function failedLogin(limiter: RateLimiter, role: 'admin' | 'vendor', email: string, ip: string) {
  await limiter.assertLoginAllowed(role, email, ip);
  await limiter.recordLoginFailure(role, email, ip);
}

const settings = {
  loginWindow: 900,
  loginPerIdentityIp: 3,
  loginPerIdentity: 5,
  loginPerIp: 8,
  resetWindow: 3600,
  resetPerIdentity: 2,
  resetPerIp: 3,
  customerWindow: 3600,
  registerPerIp: 3,
  codesPerEmail: 2,
  guestWindow: 3600,
  guestsPerIp: 2,
  invitationWindow: 86400,
  invitationsPerInviter: 3,
  invitationsPerAddress: 2,
  appRegistrationWindow: 3600,
  appRegistrationsPerIp: 2,
};

test('the per-(e-mail, role, IP) limit refuses the attempt past it with Retry-After', async () => {
  let now = new Date('2026-01-01T00:10:00Z');
  const limiter = createRateLimiter(settings, memoryCounters(), { now: () => now });
  for (let i = 0; i < 3; i++) await failedLogin(limiter, 'admin', 'a@x.io', '1.1.1.1');
  await assert.rejects(
    limiter.assertLoginAllowed('admin', 'a@x.io', '1.1.1.1'),
    (e: { code: string; retryAfter: number }) => e.code === 'rate_limited' && e.retryAfter === 300,
  );
  await limiter.assertLoginAllowed('admin', 'a@x.io', '2.2.2.2'); // another address is still allowed
  await limiter.assertLoginAllowed('vendor', 'a@x.io', '1.1.1.1'); // and the other role
  now = new Date('2026-01-01T00:15:00Z'); // the next window
  await limiter.assertLoginAllowed('admin', 'a@x.io', '1.1.1.1');
});

test('the per-e-mail limit spans addresses, and a refused attempt is not counted', async () => {
  const counters = memoryCounters();
  const limiter = createRateLimiter(settings, counters, { now: () => new Date('2026-01-01T00:00:00Z') });
  for (let i = 0; i < 5; i++) await failedLogin(limiter, 'admin', 'b@x.io', `10.0.0.${i}`);
  await assert.rejects(limiter.assertLoginAllowed('admin', 'b@x.io', '10.0.0.9'));
  const identity = [...counters.values].find(([k]) => k.startsWith('login:identity:admin:b@x.io'));
  assert.equal(identity?.[1], 5);
});

test('a successful login gives its slot back', async () => {
  const limiter = createRateLimiter(settings, memoryCounters(), { now: () => new Date('2026-01-01T00:00:00Z') });
  for (let i = 0; i < 10; i++) {
    await limiter.assertLoginAllowed('vendor', 'c@x.io', '1.1.1.1');
    await limiter.refundLogin('vendor', 'c@x.io', '1.1.1.1');
  }
});

test('reset requests are allowed up to each limit, then silently refused', async () => {
  const limiter = createRateLimiter(settings, memoryCounters(), { now: () => new Date('2026-01-01T00:00:00Z') });
  assert.equal(await limiter.allowResetRequest('admin', 'd@x.io', '1.1.1.1'), true);
  assert.equal(await limiter.allowResetRequest('admin', 'd@x.io', '1.1.1.1'), true);
  assert.equal(await limiter.allowResetRequest('admin', 'd@x.io', '1.1.1.1'), false, 'per e-mail');
  assert.equal(
    await limiter.allowResetRequest('admin', 'e@x.io', '1.1.1.1'),
    false,
    'per IP: 4th request from the address',
  );
  assert.equal(await limiter.allowResetRequest('admin', 'e@x.io', '2.2.2.2'), true);
});

/** Sleeps that resolve at once but are recorded, so waiting is observable without real time. */
function recordedSleeps(onSleep: (ms: number) => void = () => {}) {
  const slept: number[] = [];
  return {
    slept,
    waiting: {
      maxWaitMs: 1000,
      sleep: async (ms: number) => {
        slept.push(ms);
        onSleep(ms);
      },
    },
  };
}

test('regression: a slot held by an attempt in flight makes the next attempt wait, not fail with 429', async () => {
  let inFlight = true;
  const counters = memoryCounters();
  const { slept, waiting } = recordedSleeps(() => {
    // The in-flight attempt turns out to be the right password after the first pause.
    if (inFlight) void limiter.refundLogin('admin', 'f@x.io', '1.1.1.1');
    inFlight = false;
  });
  const limiter = createRateLimiter(
    { ...settings, loginPerIdentityIp: 1 },
    counters,
    { now: () => new Date('2026-01-01T00:00:00Z') },
    waiting,
  );
  await limiter.assertLoginAllowed('admin', 'f@x.io', '1.1.1.1'); // in flight
  await limiter.assertLoginAllowed('admin', 'f@x.io', '1.1.1.1'); // waits, then gets the freed slot
  assert.equal(slept.length, 1);
});

test('once settled failures fill a limit the attempt is refused at once, without waiting', async () => {
  const { slept, waiting } = recordedSleeps();
  const limiter = createRateLimiter(
    settings,
    memoryCounters(),
    { now: () => new Date('2026-01-01T00:10:00Z') },
    waiting,
  );
  for (let i = 0; i < 3; i++) await failedLogin(limiter, 'vendor', 'g@x.io', '1.1.1.1');
  await assert.rejects(
    limiter.assertLoginAllowed('vendor', 'g@x.io', '1.1.1.1'),
    (e: { code: string; retryAfter: number }) => e.code === 'rate_limited' && e.retryAfter === 300,
  );
  assert.deepEqual(slept, []);
});

test('slots held past the longest wait give 429 with Retry-After 1, and the waiting is bounded', async () => {
  const { slept, waiting } = recordedSleeps();
  const counters = memoryCounters();
  const limiter = createRateLimiter(settings, counters, { now: () => new Date('2026-01-01T00:00:00Z') }, waiting);
  for (let i = 0; i < 3; i++) await limiter.assertLoginAllowed('admin', 'h@x.io', '1.1.1.1'); // never settle
  await assert.rejects(
    limiter.assertLoginAllowed('admin', 'h@x.io', '1.1.1.1'),
    (e: { code: string; retryAfter: number }) => e.code === 'rate_limited' && e.retryAfter === 1,
  );
  const total = slept.reduce((a, b) => a + b, 0);
  assert.ok(total >= 1000 && total <= 1000.001, `waited ${total} ms`);
  const triple = [...counters.values].find(([k]) => k.startsWith('login:identity-ip:admin:h@x.io'));
  assert.equal(triple?.[1], 3, 'the refused attempt holds no slot');
});

test('invitations are limited per inviter and per invited address of a role, with Retry-After', async () => {
  const limiter = createRateLimiter(settings, memoryCounters(), { now: () => new Date('2026-01-01T06:00:00Z') });
  const refused = (e: { code: string; retryAfter: number }) => e.code === 'rate_limited' && e.retryAfter === 18 * 3600;
  await limiter.assertInvitationAllowed('vendor', 'owner-1', 'a@x.io');
  await limiter.assertInvitationAllowed('vendor', 'owner-1', 'a@x.io');
  await assert.rejects(
    limiter.assertInvitationAllowed('vendor', 'owner-2', 'a@x.io'),
    refused,
    'a third mail to a@x.io',
  );
  await limiter.assertInvitationAllowed('admin', 'admin-1', 'a@x.io'); // the other role's address is its own
  await limiter.assertInvitationAllowed('vendor', 'owner-1', 'b@x.io'); // the inviter's third
  await assert.rejects(limiter.assertInvitationAllowed('vendor', 'owner-1', 'c@x.io'), refused, "the inviter's fourth");
});

test('guest sessions are limited per address (IPv6 by /64), with Retry-After, until the next window', async () => {
  let now = new Date('2026-01-01T00:10:00Z');
  const limiter = createRateLimiter(settings, memoryCounters(), { now: () => now });
  await limiter.assertGuestAllowed('2001:db8::1');
  await limiter.assertGuestAllowed('2001:db8::2');
  await assert.rejects(
    limiter.assertGuestAllowed('2001:db8::3'),
    (e: { code: string; retryAfter: number }) => e.code === 'rate_limited' && e.retryAfter === 3000,
  );
  await limiter.assertGuestAllowed('1.1.1.1'); // another address is still allowed
  now = new Date('2026-01-01T01:00:00Z');
  await limiter.assertGuestAllowed('2001:db8::3');
});

test('apps registering themselves are limited per address, IPv6 by /64', async () => {
  const limiter = createRateLimiter(settings, memoryCounters(), { now: () => new Date('2026-01-01T00:00:30Z') });
  await limiter.assertAppRegistrationAllowed('2001:db8::1');
  await limiter.assertAppRegistrationAllowed('2001:db8::2');
  await assert.rejects(
    limiter.assertAppRegistrationAllowed('2001:db8::3'),
    (error: { code?: string; retryAfter?: number }) => {
      assert.equal(error.code, 'rate_limited');
      assert.equal(error.retryAfter, 3570, 'the rest of the hour');
      return true;
    },
  );
  await limiter.assertAppRegistrationAllowed('2001:db9::1');
});

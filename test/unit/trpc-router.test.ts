// The tRPC router without HTTP: callers over the request-free inner context, on a temporary SQLite
// database. Login sets the refresh cookie, `me` answers per role, a refused token carries the
// catalogue's code, and an administration procedure is guarded by its module before its input.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { createContainer, type Container } from '@/server/container';
import { createLogger } from '@/server/logger';
import { createInnerContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/router';
import { PASSWORDS, seedAccounts } from '../support/accounts';
import { started } from '../support/sign-in';
import { decodePayload } from '../support/tokens';
import { appEnv } from '../support/app-process';
import { createTestDatabase, type TestDatabase } from '../support/databases';

let db: TestDatabase;
let container: Container;
let seed: Awaited<ReturnType<typeof seedAccounts>>;
const createCaller = createCallerFactory(appRouter);

/** A caller as a request with `accessToken` as its bearer token (none when undefined). */
function callerWith(accessToken?: string) {
  const ctx = createInnerContext({
    auth: container.auth,
    config: container.config,
    logger: container.logger,
    client: { ip: '127.0.0.1' },
    accessToken,
  });
  return { caller: createCaller(ctx), ctx };
}

/** What a browser would read of the error: the formatted shape's `data`. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => assert.fail('the call should have been refused'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TRPCError, `a TRPCError, got ${String(error)}`);
  const shape = getTRPCErrorShape({
    config: appRouter._def._config,
    error,
    type: 'query',
    path: 'test',
    input: undefined,
    ctx: undefined,
  });
  return { trpcCode: error.code, data: shape.data as { code: string; httpStatus: number } };
}

async function signIn(role: 'admin' | 'vendor', email: string, password: string) {
  const { caller } = callerWith();
  const session = started(
    role === 'admin' ? await caller.admin.login({ email, password }) : await caller.vendor.login({ email, password }),
  );
  return session.access_token;
}

before(async () => {
  db = await createTestDatabase('sqlite');
  seed = await seedAccounts(db, 'trpc');
  container = createContainer({ env: appEnv(db), logger: createLogger('silent') });
});

after(async () => {
  await container?.close();
  await db?.drop();
});

test('login answers the profile and the access token, and puts the refresh token only in the cookie', async () => {
  const { caller, ctx } = callerWith();
  const session = started(await caller.admin.login({ email: seed.admin.email, password: PASSWORDS.admin }));
  assert.equal(session.admin.email, seed.admin.email);
  assert.equal(session.admin.admin_type, 'super_admin');
  assert.equal(session.token_type, 'Bearer');
  assert.ok(session.access_token.length > 20);
  assert.equal('refresh_token' in session, false, 'the refresh token never travels in the body');
  const cookie = ctx.resHeaders.get('set-cookie') ?? '';
  assert.match(cookie, /^admin_refresh_token=ey/);
  assert.match(cookie, /Path=\/api\/trpc\/session\/admin/);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Strict/);
});

test('me answers the profile of the role under the role key', async () => {
  const adminMe = await callerWith(await signIn('admin', seed.admin.email, PASSWORDS.admin)).caller.admin.me();
  assert.deepEqual(Object.keys(adminMe), ['admin']);
  assert.equal(adminMe.admin.id, seed.admin.id);

  const vendorMe = await callerWith(await signIn('vendor', seed.employee.email, PASSWORDS.employee)).caller.vendor.me();
  assert.deepEqual(Object.keys(vendorMe), ['vendor']);
  assert.equal(vendorMe.vendor.vendor_name, 'Corner Shop');
  assert.deepEqual(vendorMe.vendor.module_permissions, { orders: ['read'] });
});

test('a refused token is UNAUTHORIZED with the code invalid_token: missing, malformed or of the other role', async () => {
  const vendorToken = await signIn('vendor', seed.owner.email, PASSWORDS.owner);
  for (const [label, token] of [
    ['missing', undefined],
    ['malformed', 'not-a-token'],
    ['vendor token on admin', vendorToken],
  ] as const) {
    const { trpcCode, data } = await refusal(callerWith(token).caller.admin.me());
    assert.equal(trpcCode, 'UNAUTHORIZED', label);
    assert.equal(data.code, 'invalid_token', label);
    assert.equal(data.httpStatus, 401, label);
  }
});

test('the vendor business procedures need the vendors module, checked before the input', async () => {
  const ordersAdmin = callerWith(await signIn('admin', seed.limited.email, PASSWORDS.limited)).caller;
  const listed = await refusal(ordersAdmin.admin.listVendors({}));
  assert.deepEqual([listed.trpcCode, listed.data.code, listed.data.httpStatus], ['FORBIDDEN', 'forbidden', 403]);
  // An invalid body is still 403 for a caller without the module: the body is not looked at.
  const created = await refusal(
    ordersAdmin.admin.createVendor({ name: '', owner_email: 'nope', owner_name: '', owner_password: '' }),
  );
  assert.equal(created.data.code, 'forbidden');

  const superAdmin = callerWith(await signIn('admin', seed.admin.email, PASSWORDS.admin)).caller;
  const page = await superAdmin.admin.listVendors({ limit: 10 });
  assert.deepEqual(
    page.items.map((v) => v.name),
    ['Corner Shop'],
  );
  assert.equal(page.next_cursor, null);
  const invalid = await refusal(
    superAdmin.admin.createVendor({ name: '', owner_email: 'nope', owner_name: 'O', owner_password: 'x' }),
  );
  assert.equal(invalid.data.code, 'validation_failed');
});

test('an account lists its own sessions and ends one', async () => {
  // Another sign-in is ended: ending the calling one would refuse its token from then on.
  const other = decodePayload(await signIn('vendor', seed.employee.email, PASSWORDS.employee)).sid;
  const token = await signIn('vendor', seed.employee.email, PASSWORDS.employee);
  const { caller } = callerWith(token);
  const before = await caller.vendor.listOwnSessions({});
  assert.ok(before.items.length >= 2);
  const ended = before.items.find((s) => s.id === other)!;
  assert.deepEqual(await caller.vendor.endOwnSession({ sessionId: ended.id }), { success: true });
  const afterwards = await caller.vendor.listOwnSessions({});
  assert.equal(
    afterwards.items.some((s) => s.id === ended.id),
    false,
  );
  const unknown = await refusal(caller.vendor.endOwnSession({ sessionId: 'no-such-session' }));
  assert.equal(unknown.data.code, 'not_found');
});

// Regression guard: a customer's code verification answers a refresh token; only its cookie procedure may serve it.
test('the customer procedures leave out refresh and logout; the code sign-ins are cookie procedures; the rest are there', () => {
  const names = Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('customer.'));
  for (const kept of ['customer.refresh', 'customer.logout']) assert.ok(!names.includes(kept), kept);
  for (const cookie of ['customer.verifyRegistration', 'customer.verifyLoginCode'])
    assert.ok(names.includes(cookie), cookie);
  for (const served of [
    'customer.me',
    'customer.register',
    'customer.updateMe',
    'customer.exportMe',
    'customer.listOwnSessions',
    'customer.login',
  ])
    assert.ok(names.includes(served), served);
});

test('the second step and a confirmed enrolment answer the session like login: the refresh token only in the cookie', async () => {
  const signedIn = callerWith(await signIn('vendor', seed.employee.email, PASSWORDS.employee)).caller;
  const { secret } = await signedIn.vendor.totpSetup({});
  const { Secret, TOTP } = await import('otpauth');
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const confirmed = await signedIn.vendor.totpConfirm({ code });
  assert.equal(confirmed.recovery_codes.length, 10);
  assert.equal('access_token' in confirmed, false, 'signed in already: no second session');

  const challenge = await callerWith().caller.vendor.login({
    email: seed.employee.email,
    password: PASSWORDS.employee,
  });
  assert.ok('mfa_required' in challenge);
  const { caller, ctx } = callerWith();
  const session = await caller.vendor.mfaVerify({
    mfa_token: challenge.mfa_token,
    recovery_code: confirmed.recovery_codes[0]!,
  });
  assert.equal(session.vendor.email, seed.employee.email);
  assert.equal('refresh_token' in session, false, 'the refresh token never travels in the body');
  assert.match(ctx.resHeaders.get('set-cookie') ?? '', /vendor_refresh_token=ey.*HttpOnly/);
  assert.equal(
    (await refusal(callerWith().caller.vendor.mfaVerify({ mfa_token: challenge.mfa_token, code: '12345' }))).data.code,
    'validation_failed',
  );
});

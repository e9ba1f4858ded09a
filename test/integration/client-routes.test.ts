// Every method of the typed client against the running app: typed results, stored pairs, and typed
// errors carrying the problem code, on a real server and database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AuthClientError, createAuthClient, isAuthClientError, memoryTokenStore, type VendorProfile } from '@/client';
import { PASSWORDS, withContainer } from '../support/accounts';
import { started } from '../support/sign-in';
import { appSuite } from '../support/app-suite';
import { decodePayload } from '../support/tokens';

const app = appSuite({ smtp: true });
const { db, seed, mail: smtp } = app;

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.fail('expected the call to fail'),
    (error: unknown) => {
      assert.ok(error instanceof AuthClientError, String(error));
      return error;
    },
  );

describe('sessions', () => {
  test('admin: login stores the pair, me, refresh rotates it, logout forgets it', async () => {
    const store = memoryTokenStore();
    const client = createAuthClient({ baseUrl: app.url, tokenStore: store });
    const login = started(
      await client.admin.login({ email: `  ${seed.admin.email.toUpperCase()} `, password: PASSWORDS.admin }),
    );
    assert.equal(login.admin.admin_type, 'super_admin');
    assert.deepEqual(await store.get('admin'), {
      access_token: login.access_token,
      refresh_token: login.refresh_token,
    });

    assert.equal((await client.admin.me()).admin.email, seed.admin.email);
    const rotated = await client.admin.refresh();
    assert.notEqual(rotated.refresh_token, login.refresh_token);
    assert.equal((await store.get('admin'))?.refresh_token, rotated.refresh_token);

    await client.admin.logout();
    assert.equal(await store.get('admin'), null);
    assert.equal((await rejection(client.admin.me())).code, 'invalid_token');
  });

  test('vendor: the employee profile and context', async () => {
    const client = createAuthClient({ baseUrl: `${app.url}/api/v1/` });
    const login = started(await client.vendor.login({ email: seed.employee.email, password: PASSWORDS.employee }));
    const profile: VendorProfile = login.vendor;
    assert.deepEqual(profile.module_permissions, { orders: ['read'] });
    const context = await client.vendor.context();
    assert.deepEqual(
      context.stores.map((s) => s.id),
      [seed.storeA.id],
    );
    assert.deepEqual(
      context.pos_terminals.map((t) => t.id),
      [seed.tillA.id],
    );
    assert.equal((await client.vendor.me()).vendor.id, profile.id);
  });

  test('administration: one typed method per route, with path parameters, query and body', async () => {
    const owner = createAuthClient({ baseUrl: app.url });
    await owner.vendor.login({ email: seed.owner.email, password: PASSWORDS.owner });
    const store = await owner.vendor.createStore({ body: { name: 'Client Street' } });
    const till = await owner.vendor.createTerminal({ params: { storeId: store.id }, body: { name: 'Client Till' } });
    assert.equal(till.store_id, store.id);
    const first = await owner.vendor.listStores({ query: { limit: 1 } });
    assert.equal(first.items.length, 1);
    assert.equal(typeof first.next_cursor, 'string', 'more than one store: a next page');
    const rest = await owner.vendor.listStores({ query: { cursor: first.next_cursor! } });
    assert.ok(rest.items.some((s) => s.id === store.id && s.pos_terminals.some((t) => t.id === till.id)));

    // Another sign-in of the owner is ended: ending the calling one would refuse the client's token.
    const elsewhere = started(
      await createAuthClient({ baseUrl: app.url }).vendor.login({ email: seed.owner.email, password: PASSWORDS.owner }),
    );
    const sessions = await owner.vendor.listOwnSessions();
    assert.ok(sessions.items.length >= 2);
    const other = decodePayload(elsewhere.access_token).sid as string;
    assert.ok(sessions.items.some((s) => s.id === other));
    await owner.vendor.endOwnSession({ params: { sessionId: other } });
    assert.ok(!(await owner.vendor.listOwnSessions()).items.some((s) => s.id === other), 'that sign-in ended');
    assert.ok((await owner.vendor.me()).vendor.id, 'the calling sign-in lives on');
    const gone = await rejection(owner.vendor.endOwnSession({ params: { sessionId: 'no-such-session' } }));
    assert.equal(gone.code, 'not_found');
  });

  test('health', async () => {
    assert.deepEqual(await createAuthClient({ baseUrl: app.url }).health(), { status: 'ok' });
  });
});

describe('password reset', () => {
  test('request, verify and complete; the new password signs in', async () => {
    const client = createAuthClient({ baseUrl: app.url });
    const email = seed.limited.email;
    const since = smtp.messages.length;
    const requested = await client.admin.passwordReset.request({ email, admin_type: 'admin' });
    assert.equal(requested.success, true);
    const { code } = await smtp.waitFor(email, { since, withCode: true });
    const verified = await client.admin.passwordReset.verify({ email, admin_type: 'admin', code: code! });
    const newPassword = 'client-new-pass-R4d!q8';
    assert.deepEqual(
      await client.admin.passwordReset.complete({ reset_token: verified.reset_token, password: newPassword }),
      { success: true },
    );
    assert.equal(started(await client.admin.login({ email, password: newPassword })).admin.email, email);
  });
});

describe('typed errors', () => {
  test('validation_failed carries the field errors', async () => {
    const error = await rejection(
      createAuthClient({ baseUrl: app.url }).vendor.login({ email: 'not-an-email', password: 'x' }),
    );
    assert.equal(error.status, 400);
    assert.equal(error.code, 'validation_failed');
    assert.deepEqual(
      error.fieldErrors.map((e) => e.path),
      ['email'],
    );
  });

  test('a module guard refusal is 403 forbidden', async () => {
    const cashier = createAuthClient({ baseUrl: app.url });
    await cashier.vendor.login({ email: seed.employee.email, password: PASSWORDS.employee });
    const error = await rejection(cashier.vendor.createStore({ body: { name: 'Not Mine' } }));
    assert.equal(error.status, 403);
    assert.equal(error.code, 'forbidden');
  });

  test('a disabled account is 403 account_disabled after the right password', async () => {
    await withContainer(db, ({ auth }) => auth.operator.setDisabled('vendor', seed.owner.email, true));
    try {
      const error = await rejection(
        createAuthClient({ baseUrl: app.url }).vendor.login({ email: seed.owner.email, password: PASSWORDS.owner }),
      );
      assert.equal(error.status, 403);
      assert.equal(error.code, 'account_disabled');
    } finally {
      await withContainer(db, ({ auth }) => auth.operator.setDisabled('vendor', seed.owner.email, false));
    }
  });

  test('rate_limited carries Retry-After as retryAfter', async () => {
    const client = createAuthClient({ baseUrl: app.url });
    let last: AuthClientError | undefined;
    for (let i = 0; i < 12 && last?.code !== 'rate_limited'; i += 1) {
      last = await rejection(client.admin.login({ email: 'nobody@example.com', password: 'wrong-password-1' }));
    }
    assert.equal(last?.code, 'rate_limited');
    assert.equal(last.status, 429);
    assert.ok((last.retryAfter ?? 0) > 0, `retryAfter ${last.retryAfter}`);
  });

  test('an answer that is not the contract is unexpected_response, not a wrong type', async () => {
    // A base address that misses the API: the framework's HTML 404 page answers.
    const error = await rejection(createAuthClient({ baseUrl: `${app.url}/elsewhere` }).health());
    assert.equal(error.status, 404);
    assert.ok(isAuthClientError(error, 'unexpected_response'));
  });
});

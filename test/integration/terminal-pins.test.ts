// Staff PINs and switching user at a paired terminal over HTTP: the PIN policy, the staff list,
// PIN sign-in and what its session may do, its age cap, and unpairing ending it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NAMED_ROUTES, ROUTES } from '@/contract/routes';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';
import { decodePayload } from '../support/tokens';
import { pairDevice, pinLogin, setPin, staffAt } from '../support/terminals';

const suite = appSuite({ setup: () => setUp() });
const { seed } = suite;
const B_PASSWORD = 'store-b-pass-T6y@u3';
const PINS = { owner: '402815', cashier: '730466', atStoreB: '519274' };
let owner: string;
let tillA: string;
let employeeB: { id: string };

const vendorCall = (method: string, path: string, token: string, json?: unknown) =>
  request(suite.url, method, `/api/v1${path}`, { token, json });

/** Runs in the suite's own hook, once the app and the seed accounts are there. */
async function setUp() {
  owner = (await signIn(suite.url, 'vendor', seed.owner.email, PASSWORDS.owner)).access_token;
  const cashier = (await signIn(suite.url, 'vendor', seed.employee.email, PASSWORDS.employee)).access_token;
  employeeB = await withContainer(suite.db, ({ auth }) =>
    auth.operator.createEmployee({
      vendor_id: seed.vendor.id,
      email: 'b-clerk@example.com',
      password: B_PASSWORD,
      name: 'Blake at B',
      store_ids: [seed.storeB.id],
    }),
  );
  await setPin(suite.url, owner, PASSWORDS.owner, PINS.owner);
  await setPin(suite.url, cashier, PASSWORDS.employee, PINS.cashier);
  await setPin(
    suite.url,
    (await signIn(suite.url, 'vendor', 'b-clerk@example.com', B_PASSWORD)).access_token,
    B_PASSWORD,
    PINS.atStoreB,
  );
  tillA = await pairDevice(suite.url, owner, seed.storeA.id, seed.tillA.id);
}

describe('setting a PIN', () => {
  test('all-equal digits, runs and common PINs are 400; the stored PIN is a bcrypt hash', async () => {
    for (const pin of [
      '111111',
      '000000',
      '123456',
      '654321',
      '890123',
      '123123',
      '112233',
      '147258',
      '12345',
      '12345a',
      '1234567',
    ]) {
      const res = await vendorCall('PUT', '/auth/vendor/pin', owner, { current_password: PASSWORDS.owner, pin });
      assert.equal(res.status, 400, pin);
      assert.equal(res.body.code, 'validation_failed');
    }
    const stored = await withContainer(suite.db, ({ db }) =>
      db.prisma.staffPin.findUnique({ where: { accountId: seed.owner.id } }),
    );
    assert.match(stored!.pinHash, /^(sha256\$)?\$2[aby]\$/);
  });

  test('a wrong current password is 401 invalid_credentials', async () => {
    const res = await vendorCall('PUT', '/auth/vendor/pin', owner, {
      current_password: 'not-the-password',
      pin: '604193',
    });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'invalid_credentials');
  });

  // Regression: the PIN routes once checked the password without the sign-in limits, so a stolen
  // access token allowed unlimited guessing of the account's password.
  test('wrong current passwords count as failed sign-ins: past the limit the PIN routes and login answer 429', async () => {
    const guesser = { email: 'pin-guesser@example.com', password: 'guesser-pass-R4t@w9' };
    await withContainer(suite.db, ({ auth }) =>
      auth.operator.createEmployee({
        vendor_id: seed.vendor.id,
        email: guesser.email,
        password: guesser.password,
        name: 'Gus Guesser',
        store_ids: [seed.storeA.id],
      }),
    );
    const token = (await signIn(suite.url, 'vendor', guesser.email, guesser.password)).access_token;
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        vendorCall(i % 2 ? 'PUT' : 'DELETE', '/auth/vendor/pin', token, {
          current_password: `guess-${i}-Xq!`,
          ...(i % 2 ? { pin: '604193' } : {}),
        }),
      ),
    );
    assert.deepEqual(
      guesses.map((r) => r.status),
      Array(10).fill(401),
    );
    const right = await vendorCall('PUT', '/auth/vendor/pin', token, {
      current_password: guesser.password,
      pin: '604193',
    });
    assert.equal(right.status, 429, right.text);
    assert.equal(right.body.code, 'rate_limited');
    const login = await request(suite.url, 'POST', `/api/v1${ROUTES.vendor.login.path}`, { json: guesser });
    assert.equal(login.status, 429);
  });
});

describe('the staff list', () => {
  test("lists the enabled staff of the terminal's store who have a PIN: names and ids only", async () => {
    const res = await staffAt(suite.url, tillA);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.terminal, {
      id: seed.tillA.id,
      name: 'Till A1',
      store_id: seed.storeA.id,
      vendor_id: seed.vendor.id,
    });
    assert.deepEqual(
      res.body.staff,
      [
        { account_id: seed.employee.id, name: 'Casey Cashier' },
        { account_id: seed.owner.id, name: 'Olive Owner' },
      ],
      'not the employee of store B, nor anyone without a PIN',
    );
  });
});

describe('PIN sign-in', () => {
  test('answers like a vendor login; the token names the terminal and the method; the context is that terminal only', async () => {
    const res = await pinLogin(suite.url, tillA, seed.owner.id, PINS.owner);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.vendor.id, seed.owner.id);
    assert.equal(res.body.token_type, 'Bearer');
    const claims = decodePayload(res.body.access_token);
    assert.equal(claims.terminal_id, seed.tillA.id);
    assert.deepEqual(claims.amr, ['pin']);
    const context = await vendorCall('GET', '/auth/vendor/context', res.body.access_token);
    assert.equal(context.status, 200);
    assert.deepEqual(
      context.body.stores.map((s: { id: string }) => s.id),
      [seed.storeA.id],
      'the owner otherwise sees both stores',
    );
    assert.deepEqual(context.body.pos_terminals, [{ id: seed.tillA.id, name: 'Till A1', store_id: seed.storeA.id }]);
  });

  test('a refresh keeps the terminal and the method (it never turns a PIN session into a password one)', async () => {
    const login = await pinLogin(suite.url, tillA, seed.employee.id, PINS.cashier);
    const refreshed = await request(suite.url, 'POST', '/api/v1/auth/vendor/refresh', {
      json: { refresh_token: login.body.refresh_token },
    });
    assert.equal(refreshed.status, 200, refreshed.text);
    const claims = decodePayload(refreshed.body.access_token);
    assert.equal(claims.terminal_id, seed.tillA.id);
    assert.deepEqual(claims.amr, ['pin']);
    assert.equal(
      (await vendorCall('GET', '/vendor/accounts', refreshed.body.access_token)).body.code,
      'step_up_required',
    );
  });

  test('wrong PIN, unknown account, account without PIN, employee of another store: the same 401', async () => {
    const answers = [
      await pinLogin(suite.url, tillA, seed.employee.id, '999001'),
      await pinLogin(suite.url, tillA, '00000000-0000-4000-8000-000000000000', PINS.cashier),
      await pinLogin(suite.url, tillA, 'not-an-id', PINS.cashier),
      await pinLogin(suite.url, tillA, employeeB.id, PINS.atStoreB),
    ];
    for (const res of answers) {
      assert.equal(res.status, 401, res.text);
      assert.deepEqual(res.body, answers[0]!.body);
    }
    assert.equal(answers[0]!.body.code, 'invalid_credentials');
  });

  test('without a valid terminal credential: 401 invalid_terminal_token, whatever the PIN, and no Bearer challenge', async () => {
    for (const token of [undefined, 'not-a-credential']) {
      const res = await pinLogin(suite.url, token, seed.owner.id, PINS.owner);
      assert.equal(res.status, 401);
      assert.equal(res.body.code, 'invalid_terminal_token');
      assert.equal(res.headers.get('www-authenticate'), null);
    }
  });

  test('no route issues tokens for a terminal credential without a PIN', async () => {
    // Regression guard: a terminal-authenticated route (or a bearer route reading X-Terminal-Token) that hands out a
    // session.
    for (const { route } of NAMED_ROUTES.filter((r) => r.route.role === 'vendor')) {
      for (const method of route.methods) {
        const path = route.path.replace(/\{\w+\}/g, seed.tillA.id);
        const res = await request(suite.url, method, `/api/v1${path}`, {
          headers: { 'x-terminal-token': tillA },
          json: method === 'GET' ? undefined : { account_id: seed.owner.id },
        });
        const body: unknown = res.body;
        const issued = typeof body === 'object' && body !== null && ('access_token' in body || 'refresh_token' in body);
        assert.ok(!issued, `${method} ${path} answered ${res.status} with tokens`);
      }
    }
  });
});

describe('a PIN session does POS work only', () => {
  test('administration, pairing and changes of password or PIN answer 403 step_up_required', async () => {
    const session = (await pinLogin(suite.url, tillA, seed.owner.id, PINS.owner)).body.access_token as string;
    const refused: [string, string, unknown?][] = [
      ['GET', '/vendor/accounts'],
      ['POST', '/vendor/accounts', { email: 'x@example.com', name: 'X', password: 'a-long-password-9!' }],
      ['POST', `/vendor/accounts/${seed.employee.id}/disable`],
      ['GET', '/vendor/stores'],
      ['POST', `/vendor/stores/${seed.storeA.id}/terminals`, { name: 'Till' }],
      ['POST', `/vendor/stores/${seed.storeA.id}/terminals/${seed.tillA.id}/pairing`],
      ['DELETE', `/vendor/terminals/${seed.tillA.id}/pairing`],
      ['PUT', '/auth/vendor/pin', { current_password: PASSWORDS.owner, pin: '604193' }],
      ['DELETE', '/auth/vendor/pin', { current_password: PASSWORDS.owner }],
      ['DELETE', `/vendor/accounts/${seed.employee.id}/pin`],
    ];
    for (const [method, path, body] of refused) {
      const res = await vendorCall(method, path, session, body);
      assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.code, 'step_up_required', `${method} ${path}`);
    }
    assert.equal((await vendorCall('GET', '/auth/vendor/me', session)).status, 200);
    assert.equal((await vendorCall('GET', '/auth/vendor/sessions', session)).status, 200);
  });

  test('the same account signed in with its password is not refused', async () => {
    assert.equal((await vendorCall('GET', '/vendor/accounts', owner)).status, 200);
  });
});

describe('PIN session life', () => {
  test('a PIN session ends PIN_SESSION_MAX_AGE after sign-in, refreshes included', async () => {
    const capped = await suite.start({ PIN_SESSION_MAX_AGE: '3s' });
    const login = await pinLogin(capped.url, tillA, seed.owner.id, PINS.owner);
    assert.equal(login.status, 200, login.text);
    assert.ok(
      Number(decodePayload(login.body.refresh_token).exp) - Number(decodePayload(login.body.refresh_token).iat) <= 3,
    );
    const refreshed = await request(capped.url, 'POST', '/api/v1/auth/vendor/refresh', {
      json: { refresh_token: login.body.refresh_token },
    });
    assert.equal(refreshed.status, 200);
    await new Promise((r) => setTimeout(r, 3500));
    const late = await request(capped.url, 'POST', '/api/v1/auth/vendor/refresh', {
      json: { refresh_token: refreshed.body.refresh_token },
    });
    assert.equal(late.status, 401);
  });

  test('unpairing signs out every PIN session of the terminal at once, and only those', async () => {
    const device = await pairDevice(suite.url, owner, seed.storeA.id, seed.tillA.id);
    const first = (await pinLogin(suite.url, device, seed.owner.id, PINS.owner)).body;
    const second = (await pinLogin(suite.url, device, seed.employee.id, PINS.cashier)).body;
    assert.equal((await vendorCall('GET', '/auth/vendor/me', second.access_token)).status, 200);
    assert.equal((await vendorCall('DELETE', `/vendor/terminals/${seed.tillA.id}/pairing`, owner)).status, 204);
    for (const s of [first, second]) {
      assert.equal(
        (await vendorCall('GET', '/auth/vendor/me', s.access_token)).status,
        401,
        'the access token is refused at once',
      );
      const refresh = await request(suite.url, 'POST', '/api/v1/auth/vendor/refresh', {
        json: { refresh_token: s.refresh_token },
      });
      assert.equal(refresh.status, 401);
    }
    assert.equal(
      (await vendorCall('GET', '/auth/vendor/me', owner)).status,
      200,
      "the owner's password session goes on",
    );
    tillA = await pairDevice(suite.url, owner, seed.storeA.id, seed.tillA.id);
  });

  // Regression: editing an employee's stores left its PIN sessions on the old store's tills alive;
  // the session kept refreshing after its employee was taken off the terminal's store.
  test("taking an employee off the terminal's store ends its PIN sessions there at once; its others go on", async () => {
    const clerk = await withContainer(suite.db, ({ auth }) =>
      auth.operator.createEmployee({
        vendor_id: seed.vendor.id,
        email: 'moved@example.com',
        password: B_PASSWORD,
        name: 'Mo Moved',
        store_ids: [seed.storeA.id, seed.storeB.id],
      }),
    );
    const password = await signIn(suite.url, 'vendor', 'moved@example.com', B_PASSWORD);
    await setPin(suite.url, password.access_token, B_PASSWORD, '604731');
    const tillB = await pairDevice(suite.url, owner, seed.storeB.id, seed.tillB.id);
    const atA = (await pinLogin(suite.url, tillA, clerk.id, '604731')).body;
    const atB = (await pinLogin(suite.url, tillB, clerk.id, '604731')).body;
    const refreshed = await request(suite.url, 'POST', '/api/v1/auth/vendor/refresh', {
      json: { refresh_token: atA.refresh_token },
    });
    assert.equal(refreshed.status, 200, 'the session refreshes while the employee works at the store');

    assert.equal(
      (await vendorCall('PATCH', `/vendor/accounts/${clerk.id}`, owner, { store_ids: [seed.storeB.id] })).status,
      200,
    );
    for (const token of [atA.access_token, refreshed.body.access_token]) {
      assert.equal(
        (await vendorCall('GET', '/auth/vendor/me', token)).status,
        401,
        'the access token is refused at once',
      );
    }
    const late = await request(suite.url, 'POST', '/api/v1/auth/vendor/refresh', {
      json: { refresh_token: refreshed.body.refresh_token },
    });
    assert.equal(late.status, 401, late.text);
    assert.equal(
      (await vendorCall('GET', '/auth/vendor/me', atB.access_token)).status,
      200,
      'the PIN session at the store it still works in goes on',
    );
    assert.equal(
      (await vendorCall('GET', '/auth/vendor/me', password.access_token)).status,
      200,
      'its password session goes on',
    );
  });

  // The same on another instance: the change reaches it through the change counter, not its cache.
  test("another instance refuses the removed employee's PIN session too", async () => {
    const other = await suite.start();
    const clerk = await withContainer(suite.db, ({ auth }) =>
      auth.operator.createEmployee({
        vendor_id: seed.vendor.id,
        email: 'moved-2@example.com',
        password: B_PASSWORD,
        name: 'Mo Twice',
        store_ids: [seed.storeA.id],
      }),
    );
    await setPin(
      suite.url,
      (await signIn(suite.url, 'vendor', 'moved-2@example.com', B_PASSWORD)).access_token,
      B_PASSWORD,
      '604732',
    );
    const session = (await pinLogin(suite.url, tillA, clerk.id, '604732')).body;
    assert.equal(
      (await request(other.url, 'GET', '/api/v1/auth/vendor/me', { token: session.access_token })).status,
      200,
      'the other instance knows the session',
    );
    assert.equal((await vendorCall('PATCH', `/vendor/accounts/${clerk.id}`, owner, { store_ids: [] })).status, 200);
    let status = 200;
    for (let tries = 0; tries < 50 && status === 200; tries++) {
      status = (await request(other.url, 'GET', '/api/v1/auth/vendor/me', { token: session.access_token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 401, 'the other instance refused the access token within 5 s');
    assert.equal(
      (
        await request(other.url, 'POST', '/api/v1/auth/vendor/refresh', {
          json: { refresh_token: session.refresh_token },
        })
      ).status,
      401,
    );
  });
});

describe('voiding a PIN', () => {
  test('a password reset and a disable void the PIN; removal from the store takes the account off the terminal', async () => {
    const clerk = await withContainer(suite.db, ({ auth }) =>
      auth.operator.createEmployee({
        vendor_id: seed.vendor.id,
        email: 'void@example.com',
        password: B_PASSWORD,
        name: 'Vic Void',
        store_ids: [seed.storeA.id],
      }),
    );
    const pinOf = () =>
      withContainer(suite.db, ({ db }) => db.prisma.staffPin.findUnique({ where: { accountId: clerk.id } }));
    const setClerkPin = async () =>
      setPin(
        suite.url,
        (await signIn(suite.url, 'vendor', 'void@example.com', B_PASSWORD)).access_token,
        B_PASSWORD,
        '604193',
      );

    await setClerkPin();
    await withContainer(suite.db, ({ auth }) => auth.operator.resetPassword('vendor', 'void@example.com', B_PASSWORD));
    assert.equal(await pinOf(), null, 'reset');

    await setClerkPin();
    assert.equal((await vendorCall('POST', `/vendor/accounts/${clerk.id}/disable`, owner)).status, 200);
    assert.equal(await pinOf(), null, 'disable');
    assert.equal((await vendorCall('POST', `/vendor/accounts/${clerk.id}/enable`, owner)).status, 200);

    await setClerkPin();
    assert.equal((await pinLogin(suite.url, tillA, clerk.id, '604193')).status, 200);
    assert.equal(
      (await vendorCall('PATCH', `/vendor/accounts/${clerk.id}`, owner, { store_ids: [seed.storeB.id] })).status,
      200,
    );
    assert.equal((await pinLogin(suite.url, tillA, clerk.id, '604193')).status, 401, 'removed from the store');
    assert.ok(
      !(await staffAt(suite.url, tillA)).body.staff.some((s: { account_id: string }) => s.account_id === clerk.id),
    );
  });

  test("an owner clears an employee's PIN; the employee leaves the staff list", async () => {
    assert.equal((await vendorCall('DELETE', `/vendor/accounts/${seed.employee.id}/pin`, owner)).status, 204);
    assert.ok(
      !(await staffAt(suite.url, tillA)).body.staff.some(
        (s: { account_id: string }) => s.account_id === seed.employee.id,
      ),
    );
    assert.equal((await pinLogin(suite.url, tillA, seed.employee.id, PINS.cashier)).status, 401);
  });
});

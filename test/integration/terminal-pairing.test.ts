// Pairing a device with a POS terminal over HTTP: codes, the device credential, pairing again and
// who may ask for a code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PAIRING_ALPHABET } from '@/contract/terminal-schemas';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';
import { pair, pairDevice, pairingCode, staffAt } from '../support/terminals';

const suite = appSuite({ setup: () => setUp() });
const { seed } = suite;
const STAFF_PASSWORD = 'staff-pass-R2d!q8';
let owner: string;
let storeKeeperB: string;
let superAdmin: string;

/** Runs in the suite's own hook, once the app and the seed accounts are there. */
async function setUp() {
  owner = (await signIn(suite.url, 'vendor', seed.owner.email, PASSWORDS.owner)).access_token;
  superAdmin = (await signIn(suite.url, 'admin', seed.admin.email, PASSWORDS.admin)).access_token;
  // An employee who manages stores, but works only at store B.
  await withContainer(suite.db, ({ auth }) =>
    auth.operator.createEmployee({
      vendor_id: seed.vendor.id,
      email: 'keeper-b@example.com',
      password: STAFF_PASSWORD,
      name: 'Kim Keeper',
      modules: ['stores'],
      module_permissions: { stores: ['read', 'write'] },
      store_ids: [seed.storeB.id],
    }),
  );
  storeKeeperB = (await signIn(suite.url, 'vendor', 'keeper-b@example.com', STAFF_PASSWORD)).access_token;
}

describe('pairing codes', () => {
  test('a code is 8 characters without look-alikes, valid for PAIRING_CODE_TTL, and stored only as a hash', async () => {
    const res = await request(
      suite.url,
      'POST',
      `/api/v1/vendor/stores/${seed.storeA.id}/terminals/${seed.tillA.id}/pairing`,
      { token: owner },
    );
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.code, new RegExp(`^[${PAIRING_ALPHABET}]{8}$`));
    assert.doesNotMatch(PAIRING_ALPHABET, /[01258OILSZB]/, 'no 0/O, 1/I/L, 2/Z, 5/S, 8/B');
    assert.equal(res.body.expires_in, 600);
    const stored = await withContainer(suite.db, ({ db }) =>
      db.prisma.pairingCode.findMany({ select: { codeHash: true } }),
    );
    assert.ok(
      stored.length > 0 &&
        stored.every((row) => row.codeHash !== res.body.code && !row.codeHash.includes(res.body.code)),
    );
  });

  test('the device gets a 256-bit credential and its terminal; the code is then spent', async () => {
    const code = await pairingCode(suite.url, owner, seed.storeA.id, seed.tillA.id);
    const paired = await pair(suite.url, code.toLowerCase()); // typed in lower case on a touchscreen
    assert.equal(paired.status, 200, paired.text);
    assert.deepEqual(paired.body.terminal, {
      id: seed.tillA.id,
      name: 'Till A1',
      store_id: seed.storeA.id,
      vendor_id: seed.vendor.id,
    });
    assert.ok(Buffer.from(paired.body.terminal_token, 'base64url').length >= 32, 'at least 256 bits');
    const stored = await withContainer(suite.db, ({ db }) =>
      db.prisma.terminalCredential.findUnique({ where: { terminalId: seed.tillA.id } }),
    );
    assert.ok(stored && stored.tokenHash !== paired.body.terminal_token, 'only a hash is stored');

    const again = await pair(suite.url, code);
    assert.equal(again.status, 401, 'a used code is refused');
    assert.equal(again.body.code, 'invalid_code');
  });

  test('an expired code is refused', async () => {
    const shortLived = await suite.start({ PAIRING_CODE_TTL: '1s' });
    const code = await pairingCode(shortLived.url, owner, seed.storeA.id, seed.tillA.id);
    await new Promise((r) => setTimeout(r, 1500));
    const res = await pair(shortLived.url, code);
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'invalid_code');
  });

  test('a code that is not one is 400, an unknown one 401', async () => {
    assert.equal((await pair(suite.url, 'O0O0-1I1')).status, 400);
    assert.equal((await request(suite.url, 'POST', '/api/v1/auth/terminal/pair', { json: {} })).status, 400);
    const unknown = await pair(suite.url, 'ACDEFGHJ');
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.code, 'invalid_code');
  });
});

describe('the device credential', () => {
  test('pairing again replaces the credential: the earlier one is refused', async () => {
    const first = await pairDevice(suite.url, owner, seed.storeB.id, seed.tillB.id);
    assert.equal((await staffAt(suite.url, first)).status, 200);
    const second = await pairDevice(suite.url, owner, seed.storeB.id, seed.tillB.id);
    assert.equal((await staffAt(suite.url, second)).status, 200);
    const old = await staffAt(suite.url, first);
    assert.equal(old.status, 401);
    assert.equal(old.body.code, 'invalid_terminal_token');
  });

  // Regression: a wrong terminal credential answered `WWW-Authenticate: Bearer` and the title of an
  // expired access token, naming a credential the caller had not sent.
  test('terminal routes without a credential, or with a wrong one, are 401 invalid_terminal_token, without a Bearer challenge', async () => {
    for (const token of [undefined, 'x', 'A'.repeat(43), 'A'.repeat(5000)]) {
      const res = await staffAt(suite.url, token);
      assert.equal(res.status, 401, String(token?.length));
      assert.equal(res.body.code, 'invalid_terminal_token');
      assert.equal(res.body.title, 'This device is not paired with a terminal');
      assert.equal(res.headers.get('www-authenticate'), null, 'no bearer token was asked for');
    }
  });

  test('unpairing ends the credential; unpairing twice is still 204', async () => {
    const device = await pairDevice(suite.url, owner, seed.storeB.id, seed.tillB.id);
    const revoke = () =>
      request(suite.url, 'DELETE', `/api/v1/vendor/terminals/${seed.tillB.id}/pairing`, { token: owner });
    assert.equal((await revoke()).status, 204);
    assert.equal((await staffAt(suite.url, device)).status, 401);
    assert.equal((await revoke()).status, 204);
  });
});

describe('who may pair', () => {
  test('an employee with stores:write pairs terminals of its own store only (another store is 404)', async () => {
    await pairDevice(suite.url, storeKeeperB, seed.storeB.id, seed.tillB.id);
    const elsewhere = await request(
      suite.url,
      'POST',
      `/api/v1/vendor/stores/${seed.storeA.id}/terminals/${seed.tillA.id}/pairing`,
      { token: storeKeeperB },
    );
    assert.equal(elsewhere.status, 404);
    const unpairElsewhere = await request(suite.url, 'DELETE', `/api/v1/vendor/terminals/${seed.tillA.id}/pairing`, {
      token: storeKeeperB,
    });
    assert.equal(unpairElsewhere.status, 404);
  });

  test('an employee without stores:write is 403; a terminal named under the wrong store is 404', async () => {
    const cashier = (await signIn(suite.url, 'vendor', seed.employee.email, PASSWORDS.employee)).access_token;
    const refused = await request(
      suite.url,
      'POST',
      `/api/v1/vendor/stores/${seed.storeA.id}/terminals/${seed.tillA.id}/pairing`,
      { token: cashier },
    );
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'forbidden');
    const mismatch = await request(
      suite.url,
      'POST',
      `/api/v1/vendor/stores/${seed.storeB.id}/terminals/${seed.tillA.id}/pairing`,
      { token: owner },
    );
    assert.equal(mismatch.status, 404);
  });

  test('an admin with vendors pairs through the business path', async () => {
    const code = await pairingCode(
      suite.url,
      superAdmin,
      seed.storeA.id,
      seed.tillA.id,
      `/api/v1/admin/vendors/${seed.vendor.id}`,
    );
    assert.equal((await pair(suite.url, code)).status, 200);
  });
});

// The operator CLI, run as operators run it, against the database of a running app.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appSuite } from '../support/app-suite';
import { get, post } from '../support/http';
import { runCli } from '../support/operator-cli';

const app = appSuite({ seed: false });
const { db } = app;

const cli = (args: string[], stdin?: string) => runCli(db, args, stdin);

test('an operator creates a verified customer, disables and deletes it; the customer signs in between', async () => {
  const made = await cli(
    ['customer:create', '--email', 'Shopper@Example.com', '--name', 'Sam', '--password-stdin'],
    'shopper-pass-P7q!2w\n',
  );
  assert.equal(made.code, 0, made.stderr);
  assert.equal(made.json.email, 'shopper@example.com');
  assert.equal(made.json.email_verified, true);
  const login = () =>
    post(app.url, '/api/v1/auth/customer/login', { email: 'shopper@example.com', password: 'shopper-pass-P7q!2w' });
  const signedIn = await login();
  assert.equal(signedIn.status, 200);
  assert.equal(
    (
      await cli([
        'customer:create',
        '--email',
        'shopper@example.com',
        '--name',
        'Sam',
        '--password',
        'shopper-pass-P7q!2w',
      ])
    ).code !== 0,
    true,
    'a taken e-mail',
  );
  assert.equal((await cli(['customer:disable', '--email', 'shopper@example.com'])).json.disabled, true);
  assert.equal((await get(app.url, '/api/v1/auth/customer/me', signedIn.body.access_token)).status, 401);
  assert.equal((await login()).body.code, 'account_disabled');
  const deleted = await cli(['customer:delete', '--email', 'shopper@example.com']);
  assert.deepEqual(deleted.json, { id: made.json.id, deleted: true });
  assert.equal((await login()).status, 401);
});

test('an operator builds a business from the CLI and its employee signs in over HTTP', async () => {
  const admin = await cli([
    'admin:create',
    '--email',
    'ops@example.com',
    '--password',
    'ops-pass-K2j!9x',
    '--name',
    'Ops',
    '--type',
    'admin',
    '--modules',
    'vendors,orders',
  ]);
  assert.equal(admin.code, 0, admin.stderr);
  assert.equal(admin.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
  assert.equal(typeof admin.json.id, 'string');
  assert.deepEqual(admin.json.modules, ['vendors', 'orders']);

  const vendor = await cli(
    [
      'vendor:create',
      '--name',
      'Bakery',
      '--owner-email',
      'baker@example.com',
      '--owner-name',
      'Bea Baker',
      '--password-stdin',
    ],
    'owner-pass-L3k#8y\n',
  );
  assert.equal(vendor.code, 0, vendor.stderr);
  assert.equal(typeof vendor.json.vendor_id, 'string');
  assert.equal(typeof vendor.json.owner_id, 'string');

  const store = await cli(['store:create', '--vendor-id', vendor.json.vendor_id, '--name', 'Market Square']);
  assert.equal(store.code, 0, store.stderr);
  const pos = await cli(['pos:create', '--store-id', store.json.id, '--name', 'Counter 1']);
  assert.equal(pos.code, 0, pos.stderr);
  assert.equal(pos.json.store_id, store.json.id);

  const employee = await cli([
    'employee:create',
    '--vendor-id',
    vendor.json.vendor_id,
    '--email',
    'Clerk@Example.com',
    '--password',
    'clerk-pass-M4n$7z',
    '--name',
    'Cleo Clerk',
    '--modules',
    'orders',
    '--permissions',
    'orders:read,orders:write',
    '--stores',
    store.json.id,
  ]);
  assert.equal(employee.code, 0, employee.stderr);
  assert.equal(employee.json.email, 'clerk@example.com');

  const signedIn = await post(app.url, '/api/v1/auth/vendor/login', {
    email: 'clerk@example.com',
    password: 'clerk-pass-M4n$7z',
  });
  assert.equal(signedIn.status, 200);
  assert.deepEqual(signedIn.body.vendor.module_permissions, { orders: ['read', 'write'] });
  const context = await get(app.url, '/api/v1/auth/vendor/context', signedIn.body.access_token);
  assert.equal(context.status, 200);
  assert.deepEqual(context.body.pos_terminals, [{ id: pos.json.id, name: 'Counter 1', store_id: store.json.id }]);

  const reset = await cli(
    ['account:reset-password', '--role', 'vendor', '--email', 'clerk@example.com', '--password-stdin'],
    'clerk-new-pass-V5x*2q\n',
  );
  assert.equal(reset.code, 0, reset.stderr);
  assert.deepEqual(reset.json, { success: true });
  assert.equal(
    (await get(app.url, '/api/v1/auth/vendor/me', signedIn.body.access_token)).status,
    401,
    'sessions end with the reset',
  );
  const again = await post(app.url, '/api/v1/auth/vendor/login', {
    email: 'clerk@example.com',
    password: 'clerk-new-pass-V5x*2q',
  });
  assert.equal(again.status, 200);
  const weak = await cli(
    ['account:reset-password', '--role', 'vendor', '--email', 'clerk@example.com', '--password-stdin'],
    'short\n',
  );
  assert.notEqual(weak.code, 0);
  assert.match(weak.stderr, /at least 8/);

  const disabled = await cli(['account:disable', '--role', 'vendor', '--email', 'clerk@example.com']);
  assert.equal(disabled.code, 0, disabled.stderr);
  assert.equal(disabled.json.disabled, true);
  assert.equal((await get(app.url, '/api/v1/auth/vendor/me', again.body.access_token)).status, 401);
});

test('bad input exits non-zero with a clear message on stderr and nothing on stdout', async () => {
  const cases: Array<[string[], RegExp]> = [
    [
      ['admin:create', '--email', 'x@example.com', '--password', 'short', '--name', 'X', '--type', 'admin'],
      /at least 8 characters/,
    ],
    [
      ['admin:create', '--email', 'x@example.com', '--password', 'password', '--name', 'X', '--type', 'admin'],
      /common/,
    ],
    [
      ['admin:create', '--email', 'x@example.com', '--password', 'fine-pass-N5b%6w', '--name', 'X', '--type', 'root'],
      /type/,
    ],
    [
      ['admin:create', '--email', 'not-an-email', '--password', 'fine-pass-N5b%6w', '--name', 'X', '--type', 'admin'],
      /email/,
    ],
    [['admin:create', '--email', 'x@example.com', '--name', 'X', '--type', 'admin'], /--password is required/],
    [['store:create', '--vendor-id', 'no-such-vendor', '--name', 'S'], /No vendor/],
    [
      [
        'employee:create',
        '--vendor-id',
        'v',
        '--email',
        'e@example.com',
        '--password',
        'fine-pass-N5b%6w',
        '--name',
        'E',
        '--permissions',
        'orders',
      ],
      /module:action/,
    ],
    [['account:disable', '--role', 'shopper', '--email', 'x@example.com'], /admin|vendor|customer/],
    [['customer:delete', '--email', 'nobody@example.com'], /No customer/],
    [['no:such-command'], /Unknown command/],
    [['admin:create', '--bogus', 'x'], /bogus/],
  ];
  for (const [args, message] of cases) {
    const res = await cli(args);
    assert.notEqual(res.code, 0, args.join(' '));
    assert.equal(res.stdout, '', args.join(' '));
    assert.match(res.stderr, message, args.join(' '));
    assert.doesNotMatch(res.stderr, /fine-pass/, 'the password is never echoed');
  }
  await cli([
    'admin:create',
    '--email',
    'dup@example.com',
    '--password',
    'dup-pass-P6c^5v',
    '--name',
    'D',
    '--type',
    'admin',
  ]);
  const duplicate = await cli([
    'admin:create',
    '--email',
    'DUP@example.com',
    '--password',
    'dup-pass-P6c^5v',
    '--name',
    'D',
    '--type',
    'admin',
  ]);
  assert.notEqual(duplicate.code, 0);
  assert.match(duplicate.stderr, /already exists/);
});

test('an operator pairs and unpairs a POS terminal from the CLI', async () => {
  const vendor = await cli([
    'vendor:create',
    '--name',
    'Kiosk',
    '--owner-email',
    'kiosk@example.com',
    '--owner-name',
    'Kit',
    '--owner-password',
    'kiosk-pass-P5q!2w',
  ]);
  const store = await cli(['store:create', '--vendor-id', vendor.json.vendor_id, '--name', 'Pier']);
  const pos = await cli(['pos:create', '--store-id', store.json.id, '--name', 'Pier Till']);
  const code = await cli(['terminal:pair-code', '--terminal-id', pos.json.id]);
  assert.equal(code.code, 0, code.stderr);
  assert.equal(code.json.terminal_id, pos.json.id);
  assert.match(code.json.code, /^[A-Z0-9]{8}$/);
  const paired = await post(app.url, '/api/v1/auth/terminal/pair', { code: code.json.code });
  assert.equal(paired.status, 200, paired.text);
  const staff = () =>
    fetch(`${app.url}/api/v1/auth/terminal/staff`, { headers: { 'x-terminal-token': paired.body.terminal_token } });
  assert.equal((await staff()).status, 200);

  const unpair = await cli(['terminal:unpair', '--terminal-id', pos.json.id]);
  assert.equal(unpair.code, 0, unpair.stderr);
  assert.deepEqual(unpair.json, { terminal_id: pos.json.id, was_paired: true });
  assert.equal((await staff()).status, 401, 'the device credential is refused from then on');

  const unknown = await cli(['terminal:pair-code', '--terminal-id', 'no-such-terminal']);
  assert.notEqual(unknown.code, 0);
  assert.equal(unknown.stdout, '');
});

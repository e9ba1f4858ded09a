// Pre-hashed passwords over HTTP: all 256 characters of a password count, in any script, and the
// earlier plain-bcrypt hashes (which read 72 bytes) are refused past 72 bytes and upgraded at sign-in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import bcrypt from 'bcryptjs';
import { withContainer } from '../support/accounts';
import { administrationSuite, call, problemOf } from '../support/admin-world';
import { signIn } from '../support/sign-in';
import { post } from '../support/http';

const s = administrationSuite();
let serial = 0;

async function createAdmin(password: string) {
  const res = await call(s.url, 'POST', '/api/v1/admin/admins', s.tokens.superAdmin, {
    email: `long-${++serial}@example.com`,
    name: 'Long',
    password,
    admin_type: 'admin',
  });
  return res;
}
const login = (email: string, password: string) => post(s.url, '/api/v1/auth/admin/login', { email, password });
const storedHash = (id: string) =>
  withContainer(s.db, async (c) => (await c.db.prisma.adminAccount.findUniqueOrThrow({ where: { id } })).passwordHash);

// Regression: a 64-character password in a multibyte script was refused (over 72 bytes), and at
// login a longer password was compared truncated to 72 bytes.
test('a 256-character password in a multibyte script is accepted, and its last character counts', async () => {
  const password = 'пароль-密码-パスワード-'.repeat(20).slice(0, 255) + 'я';
  assert.equal([...password].length, 256);
  const created = await createAdmin(password);
  assert.equal(created.status, 201, created.text);
  assert.equal((await login(created.body.email, password)).status, 200);
  for (const wrong of [password.slice(0, 255) + 'ю', password.slice(0, 72), password.slice(0, 200)]) {
    problemOf(
      await login(created.body.email, wrong),
      401,
      'invalid_credentials',
      `a password sharing the first ${[...wrong].length - 1} characters`,
    );
  }
  assert.match(await storedHash(created.body.id), /^sha256\$\$2[aby]\$/, 'stored pre-hashed, with the marker');
});

test('a password of 257 characters is refused at creation', async () => {
  problemOf(await createAdmin('ж'.repeat(100) + 'x'.repeat(157)), 400, 'validation_failed', '257 characters');
});

// Regression: a plain-bcrypt hash compares only the first 72 bytes, so a longer password with the
// right beginning signed in.
test('an earlier plain-bcrypt hash refuses longer passwords with its first 72 bytes, and is upgraded at the next sign-in', async () => {
  const password = 'legacy-pass-K3j!'.repeat(4).slice(0, 60);
  const created = await createAdmin('placeholder-pass-Y8u%');
  const { id, email } = created.body;
  await withContainer(s.db, (c) =>
    c.db.prisma.adminAccount.update({
      where: { id },
      data: { passwordHash: bcrypt.hashSync(password.padEnd(72, '#'), 4) },
    }),
  );
  problemOf(
    await login(email, `${password.padEnd(72, '#')}-and-more`),
    401,
    'invalid_credentials',
    'longer than 72 bytes against a plain-bcrypt hash',
  );
  assert.doesNotMatch(await storedHash(id), /^sha256\$/, 'a failed sign-in upgrades nothing');
  await signIn(s.url, 'admin', email, password.padEnd(72, '#'));
  assert.match(await storedHash(id), /^sha256\$\$2[aby]\$04\$/, 'upgraded to the pre-hashed format at the same cost');
  await signIn(s.url, 'admin', email, password.padEnd(72, '#'));
  problemOf(await login(email, password), 401, 'invalid_credentials', 'the wrong password after the upgrade');
});

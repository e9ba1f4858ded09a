// The rules of second factors that need no server: sealing secrets, time steps and drift, recovery
// codes, and the MFA settings of the configuration.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { MFA_REQUIRED_DEFAULT, parseConfig } from '@/core/config';
import { createSecretBox } from '@/core/secret-box';
import { newTotpSecret, totpStepOf, totpUri } from '@/core/totp';
import { createRecoveryCodes, normalisedRecoveryCode } from '@/core/service/recovery-codes';

const secrets = { JWT_ACCESS_SECRET: 'a'.repeat(32), JWT_REFRESH_SECRET: 'b'.repeat(32) };

test('a sealed secret opens only under its key and its account', () => {
  const box = createSecretBox('k'.repeat(32));
  const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:admin:1');
  assert.ok(!sealed.includes('JBSWY3DPEHPK3PXP'));
  assert.notEqual(box.seal('JBSWY3DPEHPK3PXP', 'totp:admin:1'), sealed, 'a fresh IV each time');
  assert.equal(box.open(sealed, 'totp:admin:1'), 'JBSWY3DPEHPK3PXP');
  assert.equal(box.open(sealed, 'totp:admin:2'), null, 'copied to another account');
  assert.equal(createSecretBox('x'.repeat(32)).open(sealed, 'totp:admin:1'), null, 'another key');
  assert.equal(box.open('AAAA', 'totp:admin:1'), null);
});

test('a code belongs to its time step, one step of drift either way and no more', () => {
  const secret = newTotpSecret();
  const now = new Date(1_800_000_015_000);
  const step = Math.floor(now.getTime() / 30_000);
  const codeAt = (offset: number) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime() + offset * 30_000 });
  assert.equal(totpStepOf(secret, codeAt(0), now), step);
  assert.equal(totpStepOf(secret, codeAt(1), now), step + 1);
  assert.equal(totpStepOf(secret, codeAt(-1), now), step - 1);
  for (const offset of [2, -2]) {
    const code = codeAt(offset);
    if ([-1, 0, 1].some((o) => codeAt(o) === code)) continue; // a one-in-a-million collision
    assert.equal(totpStepOf(secret, code, now), null, `offset ${offset}`);
  }
  assert.match(
    totpUri(secret, 'Commerce Auth', 'a@example.com'),
    /^otpauth:\/\/totp\/Commerce%20Auth:a%40example\.com\?.*algorithm=SHA1&digits=6&period=30/,
  );
});

test('recovery codes: ten distinct codes whose hashes match however they are typed', () => {
  const codes = createRecoveryCodes({ config: parseConfig({ ...secrets, MFA_ENCRYPTION_KEY: 'm'.repeat(32) }) });
  const { shown, hashes } = codes.issue('admin', 'acc-1');
  assert.equal(new Set(shown).size, 10);
  assert.match(shown[0]!, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
  assert.equal(codes.hash('admin', 'acc-1', ` ${shown[0]!.toUpperCase().replace('-', ' ')} `), hashes[0]);
  assert.notEqual(codes.hash('admin', 'acc-2', shown[0]!), hashes[0], 'bound to the account');
  assert.equal(normalisedRecoveryCode('AbC-12 3'), 'abc123');
});

test('MFA settings: the key is required in production, generated under development rules; MFA_REQUIRED lists types', () => {
  assert.throws(() => parseConfig(secrets), /MFA_ENCRYPTION_KEY is required/);
  assert.throws(
    () => parseConfig({ ...secrets, MFA_ENCRYPTION_KEY: 'short' }),
    /MFA_ENCRYPTION_KEY must be at least 32 bytes/,
  );
  assert.throws(
    () => parseConfig({ ...secrets, MFA_ENCRYPTION_KEY: secrets.JWT_ACCESS_SECRET }),
    /must differ from the JWT secrets/,
  );
  const production = parseConfig({ ...secrets, MFA_ENCRYPTION_KEY: 'm'.repeat(32) });
  assert.deepEqual(production.mfa.required, MFA_REQUIRED_DEFAULT.production);
  const development = parseConfig({ NODE_ENV: 'development' }, () => ({
    access: 'dev-a',
    refresh: 'dev-r',
    mfa: 'dev-m',
  }));
  assert.equal(development.mfa.encryptionKey, 'dev-m');
  assert.deepEqual(development.mfa.required, ['admin'], 'the demo super admin signs in with its password');
  assert.deepEqual(parseConfig({ ...secrets, MFA_ENCRYPTION_KEY: 'm'.repeat(32), MFA_REQUIRED: '' }).mfa.required, []);
  assert.deepEqual(
    parseConfig({ ...secrets, MFA_ENCRYPTION_KEY: 'm'.repeat(32), MFA_REQUIRED: ' owner, admin ' }).mfa.required,
    ['owner', 'admin'],
  );
  assert.throws(
    () => parseConfig({ ...secrets, MFA_ENCRYPTION_KEY: 'm'.repeat(32), MFA_REQUIRED: 'root' }),
    /MFA_REQUIRED/,
  );
});

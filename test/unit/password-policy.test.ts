// The new-password policy: length in characters, size in bytes, and the common-password list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type AuthError } from '@/core/errors';
import { assertAcceptablePassword } from '@/core/service/password-policy';

function refusal(password: string): AuthError | undefined {
  try {
    assertAcceptablePassword(password);
    return undefined;
  } catch (error) {
    return error as AuthError;
  }
}

test('7 characters are refused and 8 accepted', () => {
  const short = refusal('Zq9!xw2');
  assert.equal(short?.code, 'validation_failed');
  assert.deepEqual(short?.errors?.map((e) => e.path), ['password']);
  assert.equal(refusal('Zq9!xw2k'), undefined);
});

test('more than 72 bytes of UTF-8 are refused, saying why', () => {
  assert.equal(refusal('é'.repeat(36)), undefined, '72 bytes');
  const long = refusal('é'.repeat(37));
  assert.match(long?.detail ?? '', /72 bytes/);
});

test('common passwords are refused, whatever their case', () => {
  for (const common of ['password', 'Password', '12345678', 'iloveyou', 'qwertyuiop']) {
    assert.equal(refusal(common)?.code, 'validation_failed', common);
  }
});

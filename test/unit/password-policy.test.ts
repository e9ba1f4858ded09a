// The new-password policy: length in characters and the common-password list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type AuthError } from '@/core/auth-error';
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
  assert.deepEqual(
    short?.errors?.map((e) => e.path),
    ['password'],
  );
  assert.equal(refusal('Zq9!xw2k'), undefined);
});

// Regression: the 72-byte bcrypt limit refused 64-character passwords in multibyte scripts.
test('up to 256 characters in any script are accepted, 257 refused, saying why', () => {
  assert.equal(refusal('é'.repeat(256)), undefined, '256 two-byte characters');
  assert.equal(refusal('😀'.repeat(200) + 'a-b-c-d-'), undefined, '208 four-byte characters');
  const long = refusal('é'.repeat(257));
  assert.match(long?.detail ?? '', /256 characters/);
});

test('common passwords are refused, whatever their case', () => {
  for (const common of ['password', 'Password', '12345678', 'iloveyou', 'qwertyuiop']) {
    assert.equal(refusal(common)?.code, 'validation_failed', common);
  }
});

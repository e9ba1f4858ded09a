// The PIN policy: 6 digits; all-equal digits, runs (with wrap-around) and the most common PINs refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AuthError } from '@/core/auth-error';
import { assertAcceptablePin, COMMON_PIN_COUNT } from '@/core/service/pin-policy';

const refusal = (pin: string) => {
  try {
    assertAcceptablePin(pin);
    return null;
  } catch (error) {
    assert.ok(error instanceof AuthError && error.code === 'validation_failed');
    return error.errors?.[0]?.message ?? '';
  }
};

test('all equal digits and every ascending or descending run are refused', () => {
  for (let d = 0; d < 10; d++) {
    assert.match(refusal(String(d).repeat(6))!, /repeats|run/);
    const up = Array.from({ length: 6 }, (_, i) => (d + i) % 10).join('');
    const down = Array.from({ length: 6 }, (_, i) => (d - i + 10) % 10).join('');
    assert.ok(refusal(up), up);
    assert.ok(refusal(down), down);
  }
});

test('the most common PINs are refused: 100 of them besides the patterns', () => {
  assert.equal(COMMON_PIN_COUNT, 100);
  for (const pin of ['123123', '121212', '112233', '520520', '159753', '147258', '789456'])
    assert.match(refusal(pin)!, /common/, pin);
});

test('anything but exactly 6 digits is refused; an ordinary PIN passes', () => {
  for (const pin of ['', '12345', '1234567', '12a456', ' 402815', '４０２８１５'])
    assert.ok(refusal(pin), JSON.stringify(pin));
  for (const pin of ['402815', '730466', '064193']) assert.equal(refusal(pin), null, pin);
});

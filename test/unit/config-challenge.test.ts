// The challenge's settings: off by default, its key derived from the refresh secret unless given
// (never the secret itself), a short given key refused in production, and bad values named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '@/core/config';

const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://auth.example.com',
  JWT_ACCESS_SECRET: 'a'.repeat(32),
  JWT_REFRESH_SECRET: 'b'.repeat(32),
  MFA_ENCRYPTION_KEY: 'm'.repeat(32),
};

test('off by default, with a key derived from the refresh secret that follows it', () => {
  const { challenge } = parseConfig(production);
  assert.equal(challenge.mode, 'off');
  assert.equal(challenge.threshold, 300);
  assert.equal(challenge.ttl, 300);
  assert.match(challenge.hmacKey, /^[0-9a-f]{64}$/);
  assert.notEqual(challenge.hmacKey, production.JWT_REFRESH_SECRET);
  assert.equal(parseConfig(production).challenge.hmacKey, challenge.hmacKey);
  const rotated = parseConfig({ ...production, JWT_REFRESH_SECRET: 'c'.repeat(32) }).challenge.hmacKey;
  assert.notEqual(rotated, challenge.hmacKey);
});

test('CHALLENGE_HMAC_KEY is used as given, and refused in production under 32 bytes', () => {
  const key = 'k'.repeat(32);
  assert.equal(parseConfig({ ...production, CHALLENGE_HMAC_KEY: key }).challenge.hmacKey, key);
  assert.throws(
    () => parseConfig({ ...production, CHALLENGE_HMAC_KEY: 'short' }),
    /CHALLENGE_HMAC_KEY must be at least 32/,
  );
});

test('a mode, threshold or difficulty out of bounds is named', () => {
  assert.throws(() => parseConfig({ ...production, CHALLENGE: 'sometimes' }), /CHALLENGE/);
  assert.throws(() => parseConfig({ ...production, CHALLENGE_THRESHOLD: '0' }), /CHALLENGE_THRESHOLD/);
  assert.throws(() => parseConfig({ ...production, CHALLENGE_DIFFICULTY: 'hard' }), /CHALLENGE_DIFFICULTY/);
  assert.equal(parseConfig({ ...production, CHALLENGE: 'auto', CHALLENGE_THRESHOLD: '50' }).challenge.threshold, 50);
});

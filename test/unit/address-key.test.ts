// The address a per-address limit counts under: IPv4 as is, IPv6 by its /64.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressKey } from '@/core/address-key';

// Regression: an IPv6 client rotating inside its /64 had a fresh allowance for every address.
test('every address of one IPv6 /64 shares a key; the next /64 and IPv4 addresses do not', () => {
  const key = addressKey('2001:db8:1:2::1');
  for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::abcd%eth0'])
    assert.equal(addressKey(same), key, same);
  assert.equal(key, '2001:db8:1:2::/64');
  assert.notEqual(addressKey('2001:db8:1:3::1'), key);
  assert.equal(addressKey('198.51.100.7'), '198.51.100.7');
  assert.equal(addressKey('::ffff:198.51.100.7'), '198.51.100.7', 'an IPv4-mapped address counts as its IPv4');
  assert.equal(addressKey(undefined), 'unknown');
  assert.equal(addressKey('not-an-address'), 'not-an-address');
});

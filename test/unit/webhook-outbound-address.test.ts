// The outbound address rule of webhook deliveries, proven without a packet: the classifier over
// every special range, the checked lookup over a resolver stand-in, and literal addresses refused
// before any socket exists. (Loopback refusal against a listener is in the integration tests.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasNonPublicLiteralHost, isPublicAddress } from '@/core/outbound-address';
import { checkedLookup } from '@/server/webhooks/outbound-address';
import { sendAttempt } from '@/server/webhooks/send';

const REFUSED = {
  loopback: ['127.0.0.1', '127.255.0.9', '::1'],
  '10/8': ['10.0.0.1', '10.255.255.254'],
  '172.16/12': ['172.16.0.1', '172.31.255.254'],
  '192.168/16': ['192.168.0.1', '192.168.255.254'],
  '169.254/16 link-local': ['169.254.0.1', '169.254.169.254'],
  '100.64/10 CGNAT': ['100.64.0.1', '100.127.255.254'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
  unspecified: ['0.0.0.0', '::'],
  'broadcast and reserved': ['255.255.255.255', '240.0.0.1', '192.0.2.1'],
  'IPv6 unique-local fc00::/7': ['fc00::1', 'fd12:3456:789a::1'],
  'IPv6 link-local fe80::/10': ['fe80::1', 'fe80::1%eth0', 'febf::1'],
  'IPv4-mapped IPv6 of private addresses': [
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:192.168.1.1',
    '::ffff:100.64.0.1',
  ],
  'not an address': ['localhost', '', '10.0.0', 'example.com'],
};

for (const [range, addresses] of Object.entries(REFUSED)) {
  test(`refused: ${range}`, () => {
    for (const address of addresses) assert.equal(isPublicAddress(address), false, address);
  });
}

test('allowed: public IPv4, public IPv6 and an IPv4-mapped public address', () => {
  for (const address of [
    '93.184.215.14',
    '8.8.4.4',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::6810:84e5',
    '[2001:4860:4860::8888]',
    '::ffff:93.184.215.14',
  ]) {
    assert.equal(isPublicAddress(address), true, address);
  }
});

/** The lookup's answer for a name that the stand-in resolver resolves to `addresses`. */
function lookUp(addresses: string[], all: boolean) {
  const lookup = checkedLookup(isPublicAddress, async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
    lookup('hooks.platform.test', { all }, (error, address) => resolve({ error, address }));
  });
}

test('a name is refused when any address it resolves to is not public, and the checked address is what the socket gets', async () => {
  assert.match(
    (await lookUp(['93.184.215.14', '10.0.0.7'], false)).error?.message ?? '',
    /10\.0\.0\.7 is not a public address/,
  );
  assert.match((await lookUp(['fd00::1'], true)).error?.message ?? '', /not a public address/);
  assert.deepEqual(await lookUp(['93.184.215.14'], false), { error: null, address: '93.184.215.14' });
  assert.deepEqual((await lookUp(['93.184.215.14', '2606:4700::6810:84e5'], true)).address, [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:4700::6810:84e5', family: 6 },
  ]);
});

test('production rules refuse http and literal non-public addresses before any connection', async () => {
  const options = { timeoutMs: 1000, allowPrivate: false };
  for (const url of [
    'https://10.0.0.1/hook',
    'https://[fd00::1]/hook',
    'https://169.254.169.254/latest',
    'https://[::ffff:10.0.0.1]/x',
    'https://100.64.1.1/',
  ]) {
    assert.deepEqual(
      await sendAttempt(url, {}, '{}', options),
      { statusCode: null, error: 'address_not_allowed', durationMs: 0 },
      url,
    );
  }
  assert.deepEqual(await sendAttempt('http://93.184.215.14/hook', {}, '{}', options), {
    statusCode: null,
    error: 'https_required',
    durationMs: 0,
  });
});

test('a URL whose host is a non-public literal address or localhost is refused by itself; other names wait for their lookup', () => {
  const refused = [
    'https://127.0.0.1/',
    'https://169.254.169.254/latest',
    'https://[::1]/',
    'https://0x7f000001/',
    'https://2130706433/',
    'https://127.1/',
    'https://10.0.0.1/',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::]/',
    'https://[fe80::1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://localhost/',
    'https://LOCALHOST./',
    'https://hooks.localhost:8443/',
  ];
  for (const url of refused) assert.equal(hasNonPublicLiteralHost(new URL(url)), true, url);
  for (const url of [
    'https://93.184.215.14/hook',
    'https://[2606:4700::6810:84e5]/',
    'https://hooks.example.com/',
    'https://localhost.example.com/',
    'https://mylocalhost/',
  ]) {
    assert.equal(hasNonPublicLiteralHost(new URL(url)), false, url);
  }
});

// Which hosts passkeys work at, and the advice the start and the pages give. Regression: the pages
// advised APP_URL=http://127.0.0.1:PORT, an IP address no browser takes as a passkey's relying party.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isIpAddressHost, passkeyOriginFor, passkeysOffNotice } from '@/core/passkey-host';
import { passkeyAddressProblem } from '@/ui/auth/passkey-address';

test('IP addresses are told from host names as a URL spells them', () => {
  for (const url of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://10.1.2.3', 'http://0x7f000001/']) {
    assert.equal(isIpAddressHost(new URL(url).hostname), true, url);
  }
  for (const url of [
    'http://localhost:3000',
    'https://auth.example.com',
    'http://1.example.com',
    'http://127.0.0.1.nip.example',
  ]) {
    assert.equal(isIpAddressHost(new URL(url).hostname), false, url);
  }
});

test('the advised origin keeps a host name and puts localhost for an IP address, port kept', () => {
  assert.equal(passkeyOriginFor('http://127.0.0.1:4123'), 'http://localhost:4123');
  assert.equal(passkeyOriginFor('http://[::1]:4123/path'), 'http://localhost:4123');
  assert.equal(passkeyOriginFor('https://auth.example.com'), 'https://auth.example.com');
});

test("the start's notice is for an APP_URL at an IP address only", () => {
  assert.equal(passkeysOffNotice(undefined), null);
  assert.equal(passkeysOffNotice('https://auth.example.com'), null);
  assert.equal(passkeysOffNotice('http://localhost:3000'), null);
  assert.match(
    passkeysOffNotice('http://127.0.0.1:3000')!,
    /^Passkeys are off: APP_URL \(http:\/\/127\.0\.0\.1:3000\) names an IP address.* Set APP_URL=http:\/\/localhost:3000 /,
  );
});

test("the pages' advice names localhost, never an IP address", () => {
  assert.equal(passkeyAddressProblem('localhost', 'http://localhost:3000'), null);
  assert.equal(passkeyAddressProblem('example.com', 'https://auth.example.com'), null);
  assert.equal(passkeyAddressProblem(undefined, 'http://127.0.0.1:3000'), null);
  const atAddress = passkeyAddressProblem('localhost', 'http://127.0.0.1:3000')!;
  assert.match(
    atAddress,
    /this page is at http:\/\/127\.0\.0\.1:3000, an IP address, which browsers refuse for passkeys/,
  );
  assert.match(atAddress, /set APP_URL=http:\/\/localhost:3000 and restart/);
  assert.doesNotMatch(atAddress, /APP_URL=http:\/\/127/);
  const off = passkeyAddressProblem('127.0.0.1', 'http://127.0.0.1:3000')!;
  assert.match(off, /^Passkeys are off: the service's APP_URL names an IP address \(127\.0\.0\.1\)/);
  assert.match(
    off,
    /Set APP_URL=http:\/\/localhost:3000, restart the service and open the page at http:\/\/localhost:3000\.$/,
  );
  assert.match(
    passkeyAddressProblem('auth.example.com', 'http://localhost:3000')!,
    /set APP_URL=http:\/\/localhost:3000 and restart/,
  );
});

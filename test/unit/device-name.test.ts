// Session lists name the browser and system as people read them, not the raw user-agent string
// ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 ..." was shown as is): real strings of the
// common browsers, read by bowser, and what an unknown or missing one becomes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceName } from '@/core/device-name';

const REAL = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

test('the common browsers are named as "<browser> on <system>"', () => {
  assert.equal(deviceName(REAL.chromeLinux), 'Chrome on Linux');
  assert.equal(deviceName(REAL.firefoxWindows), 'Firefox on Windows');
  assert.equal(deviceName(REAL.safariIphone), 'Safari on iPhone');
  assert.equal(deviceName(REAL.edgeWindows), 'Microsoft Edge on Windows'); // not "Chrome": Edge sends Chrome's token too
  assert.equal(deviceName(REAL.safariMac), 'Safari on macOS');
  assert.equal(deviceName(REAL.chromeAndroid), 'Chrome on Android');
});

test('a user agent no parser knows is shown as sent, shortened; none at all says so', () => {
  assert.equal(deviceName('till-app/2.1'), 'till-app/2.1');
  assert.equal(deviceName(`scanner/${'x'.repeat(100)}`).length, 60);
  for (const missing of [null, undefined, '', '   ']) assert.equal(deviceName(missing), 'Unknown browser or device');
});

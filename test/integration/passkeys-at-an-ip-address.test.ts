// Regression: the README and the pages advised APP_URL=http://127.0.0.1:3000, and browsers refuse
// an IP address as a passkey's relying party ("SecurityError: This is an invalid domain"), so
// passkeys failed with nothing saying why. A start whose APP_URL names an IP address now says once
// that passkeys are off and which localhost address to set; one at a host name says nothing of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePort, startApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';

// Only a database: each test starts the app itself.
const { db } = appSuite({ instances: 0, seed: false });

/** The start's lines that say passkeys are off. */
const passkeyLines = (output: string[]) => output.filter((line) => line.includes('Passkeys are off'));

test('a start at an IP address (IPv4 or IPv6) logs once that passkeys are off, advising localhost', async () => {
  for (const host of ['127.0.0.1', '[::1]']) {
    const port = await freePort();
    const app = await startApp(db, { APP_URL: `http://${host}:${port}` }, port);
    try {
      // One request through the pages' bundle as well: it builds its own service, and must not say it again.
      assert.equal((await fetch(`${app.url}/account/login`)).status, 200);
      const lines = passkeyLines(app.output);
      assert.equal(lines.length, 1, app.output.join('\n'));
      const logged = JSON.parse(lines[0]!) as { level: number; event: string; msg: string };
      assert.equal(logged.event, 'passkeys_off');
      assert.equal(logged.level, 40, 'a warning');
      assert.equal(
        logged.msg,
        `Passkeys are off: APP_URL (http://${host}:${port}) names an IP address, which browsers refuse as a passkey's relying party. ` +
          `Set APP_URL=http://localhost:${port} and open the pages there to use passkeys.`,
      );
    } finally {
      await app.stop();
    }
  }
});

test('a start at a host name says nothing about passkeys', async () => {
  const port = await freePort();
  const app = await startApp(db, { APP_URL: `http://localhost:${port}` }, port);
  try {
    assert.equal((await fetch(`${app.url}/account/login`)).status, 200);
    assert.deepEqual(passkeyLines(app.output), []);
  } finally {
    await app.stop();
  }
});

// The typed client on a till: pair with a code, list the staff, switch in with a PIN; the session
// then refreshes like any vendor session and is refused administration with step_up_required.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAuthClient, isAuthClientError, memoryTokenStore } from '@/client';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { signIn } from '../support/sign-in';
import { pairingCode, setPin } from '../support/terminals';

const app = appSuite();
const { seed } = app;

test('a till pairs, lists its staff and switches in with a PIN through the typed client', async () => {
  const owner = (await signIn(app.url, 'vendor', seed.owner.email, PASSWORDS.owner)).access_token;
  await setPin(app.url, owner, PASSWORDS.owner, '402815');
  const client = createAuthClient({ baseUrl: app.url, tokenStore: memoryTokenStore() });

  const { terminal_token: terminalToken, terminal } = await client.terminal.pair(
    await pairingCode(app.url, owner, seed.storeA.id, seed.tillA.id),
  );
  assert.equal(terminal.id, seed.tillA.id);
  const { staff } = await client.terminal.staff(terminalToken);
  assert.deepEqual(staff, [{ account_id: seed.owner.id, name: 'Olive Owner' }]);

  await assert.rejects(client.terminal.pinLogin(terminalToken, { account_id: seed.owner.id, pin: '999001' }), (e) =>
    isAuthClientError(e, 'invalid_credentials'),
  );
  const session = await client.terminal.pinLogin(terminalToken, { account_id: seed.owner.id, pin: '402815' });
  assert.equal(session.vendor.id, seed.owner.id);
  const context = await client.vendor.context();
  assert.deepEqual(
    context.pos_terminals.map((t) => t.id),
    [seed.tillA.id],
  );
  await assert.rejects(client.vendor.listVendorAccounts(), (e) => isAuthClientError(e, 'step_up_required'));
  await assert.rejects(client.terminal.staff('not-a-credential'), (e) =>
    isAuthClientError(e, 'invalid_terminal_token'),
  );
});

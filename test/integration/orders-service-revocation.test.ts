// Revocation reaching another service: the example orders service, in its own process with the
// guard kit, refuses a token within a second of each kind of revocation through the feed, without
// one call to the auth service per request; with introspection it refuses at once. The feed
// outlives a restart of the auth service, and after a 410 (entries it missed were swept) the kit
// re-syncs and checks older tokens by introspection.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, test, type TestContext } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { startApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { listOrders, refusalTime, startOrdersService, type OrdersService } from '../support/orders-service';
import { revocationCases } from '../support/revocations';
import { registerServiceClient } from '../support/service-calls';
import { signIn } from '../support/sign-in';
import { createSweeper } from '@/server/db/sweeper';

const key = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
let feedOrders: OrdersService;
let introspectOrders: OrdersService;
const auth = appSuite({
  env: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: key.privateKey, PASSWORD_RESET_LOG_OTP: '1' },
  setup: async (suite) => {
    const client = await registerServiceClient(suite.db, 'orders');
    const env = { AUTH_API_URL: suite.url, AUTH_CLIENT_ID: client.client_id, AUTH_CLIENT_SECRET: client.client_secret };
    [feedOrders, introspectOrders] = await Promise.all([
      startOrdersService({ ...env, AUTH_REVOCATION: 'feed' }),
      startOrdersService({ ...env, AUTH_REVOCATION: 'introspect' }),
    ]);
    // Tokens issued from the next second on are newer than the feed's start: none needs introspecting.
    await sleep(1100);
  },
});
after(() => Promise.all([feedOrders?.stop(), introspectOrders?.stop()]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('through the feed, each kind of revocation is refused within 1 s, with no call to the auth service per request', async (t: TestContext) => {
  const cases = await revocationCases(auth, 'feed');
  const before = await feedOrders.stats();
  for (const revocation of cases) {
    const token = await revocation.signIn();
    for (let i = 0; i < 5; i += 1) assert.equal((await listOrders(feedOrders, token)).status, 200, revocation.name);
    const successor = await revocation.revoke(token);
    const ms = await refusalTime(feedOrders, token, 1000, revocation.name);
    t.diagnostic(`${revocation.name} (${revocation.kind}): refused ${ms} ms after the answer`);
    // A new session the change started, in the very second of the revocation, is accepted.
    if (successor)
      assert.equal((await listOrders(feedOrders, successor)).status, 200, `${revocation.name}: the new session`);
  }
  const after = await feedOrders.stats();
  assert.equal(after.requests.introspect, 0, 'no token was introspected');
  assert.ok(after.authenticated - before.authenticated >= cases.length * 6);
  // The feed's long polls answer once per change, not once per request.
  assert.ok(
    after.requests.feed - before.requests.feed < after.authenticated - before.authenticated,
    `${after.requests.feed - before.requests.feed} feed requests`,
  );
  assert.equal(after.feed?.reachable, true);
});

test('through introspection, a revoked token is refused at once, and a verdict kept is at most 5 s old', async () => {
  const [logout, ended] = await revocationCases(auth, 'intro');
  const fresh = await logout!.signIn();
  await logout!.revoke(fresh);
  const res = await listOrders(introspectOrders, fresh);
  assert.equal(res.status, 401, res.text);
  assert.equal(res.body.code, 'session_revoked');
  const used = await ended!.signIn();
  assert.equal((await listOrders(introspectOrders, used)).status, 200);
  await ended!.revoke(used);
  await refusalTime(introspectOrders, used, 5500, 'a kept verdict');
});

test('the feed outlives a restart of the auth service; after a 410 the kit re-syncs and introspects older tokens', async (t: TestContext) => {
  const [logout, ended, disabled] = await revocationCases(auth, 'restart');
  const revoked = await logout!.signIn();
  await logout!.revoke(revoked);
  await refusalTime(feedOrders, revoked, 1000, 'before the restart');
  const live = (await signIn(auth.url, 'vendor', auth.seed.owner.email, PASSWORDS.owner)).access_token;
  const missed = await disabled!.signIn();
  assert.equal((await listOrders(feedOrders, missed)).status, 200);

  await auth.stop();
  assert.equal(
    (await listOrders(feedOrders, revoked)).status,
    401,
    'what it knew revoked stays refused while the auth service is down',
  );
  assert.equal(
    (await listOrders(feedOrders, live)).status,
    200,
    "a token newer than the feed's start is still verified without the network",
  );
  // While it is down: an account disabled (from the operator's CLI), and its entry swept as too old,
  // so the kit's cursor is behind what the feed keeps.
  const email = `restart-disabled@example.com`;
  await withContainer(auth.db, async ({ auth: service, db, logger, config }) => {
    await service.operator.setDisabled('vendor', email, true);
    const later = { now: () => new Date(Date.now() + (config.serviceClients.revocationRetention + 60) * 1000) };
    await createSweeper(
      db.prisma,
      later,
      logger,
      config.auditRetention,
      config.customers.unverifiedTtl,
      config.webhooks.retention,
      config.serviceClients.revocationRetention,
    ).sweepOnce();
  });
  const restarted = await startApp(auth.db, auth.env, auth.port);
  auth.instances.push(restarted);

  const deadline = Date.now() + 20_000;
  while (!feedOrders.output.join('').includes('(410)')) {
    assert.ok(Date.now() < deadline, `the kit did not hear 410:\n${feedOrders.output.join('')}`);
    await sleep(100);
  }
  while (!(await feedOrders.stats()).feed?.synced) await sleep(100);
  const introspected = (await feedOrders.stats()).requests.introspect;
  assert.equal(
    (await listOrders(feedOrders, missed)).status,
    401,
    'the token issued before the re-sync was introspected and refused',
  );
  assert.equal((await feedOrders.stats()).requests.introspect, introspected + 1);
  assert.equal((await listOrders(feedOrders, revoked)).status, 401);

  await sleep(1100); // the next token is newer than the re-sync
  const after = await ended!.signIn();
  assert.equal((await listOrders(feedOrders, after)).status, 200);
  await ended!.revoke(after);
  t.diagnostic(
    `after the restart: refused ${await refusalTime(feedOrders, after, 1000, 'after the restart')} ms after the answer`,
  );
});

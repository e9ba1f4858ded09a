// The grants of the platform's apps as events to the platform: a person allowing an app is
// app.authorized, ending its grant app.revoked, each verified by the npm `standardwebhooks` library
// at a receiver on loopback; a denial and each end are audit events.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import * as oidc from 'openid-client';
import { PASSWORDS, withContainer } from '../support/accounts';
import { request } from '../support/http';
import { authorizationUrl, oauthBrowser, oauthSuite, registerApp } from '../support/oauth-browser';
import { signIn } from '../support/sign-in';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { createEndpoint, sleep } from '../support/webhooks';

const REDIRECT = 'https://ledger.example/callback';
let receiver: Receiver;
const app = oauthSuite({
  env: { WEBHOOK_ALLOW_PRIVATE: '1' },
  setup: async (suite) => {
    receiver = await startReceiver();
    const admin = (await signIn(suite.url, 'admin', suite.seed.admin.email, PASSWORDS.admin)).access_token;
    const events = ['app.authorized', 'app.revoked'];
    const created = await createEndpoint(suite.url, admin, { url: receiver.url, events });
    assert.equal(created.status, 201, created.text);
    receiver.secret = created.body.secret;
  },
});
after(() => receiver?.close());

test('allowing an app is app.authorized, ending its grant app.revoked; a denial is an audit event', async () => {
  const created = await registerApp(app.db, {
    name: 'Ledger',
    type: 'confidential',
    redirect_uris: [REDIRECT],
    scopes: ['openid', 'orders:read'],
  });
  const secret = oidc.ClientSecretBasic(created.client_secret);
  const config = await oidc.discovery(new URL(app.url), created.client_id, undefined, secret, {
    execute: [oidc.allowInsecureRequests],
  });
  const owner = { role: 'vendor' as const, email: app.seed.owner.email, password: PASSWORDS.owner };
  const denied = await authorizationUrl(config, REDIRECT, 'openid orders:read');
  const refused = await oauthBrowser(app.url).authorize(denied.url, owner, 'deny');
  assert.equal(refused.callback.searchParams.get('error'), 'access_denied');
  const { url } = await authorizationUrl(config, REDIRECT, 'openid orders:read');
  await oauthBrowser(app.url).authorize(url, owner);

  const session = (await signIn(app.url, 'vendor', owner.email, owner.password)).access_token;
  const ended = await request(app.url, 'DELETE', `/api/v1/auth/vendor/apps/${created.client_id}`, { token: session });
  assert.equal(ended.status, 204, ended.text);

  await receiver.until((r) => r.length >= 2);
  await sleep(1000); // anything sent twice would arrive by now
  const bodies = receiver.received.map((r) => r.verified!);
  assert.ok(bodies.every(Boolean), 'standardwebhooks verified every message');
  const account = { id: app.seed.owner.id, role: 'vendor', type: 'owner', vendor_id: app.seed.vendor.id };
  const actor = { role: 'vendor', id: app.seed.owner.id };
  assert.deepEqual(
    bodies.map((b) => ({ type: b.type, data: b.data })),
    [
      {
        type: 'app.authorized',
        data: { account, actor, client_id: created.client_id, scopes: ['openid', 'orders:read'] },
      },
      { type: 'app.revoked', data: { account, actor, client_id: created.client_id } },
    ],
  );

  const events = await withContainer(app.db, ({ db }) =>
    db.prisma.auditEvent.findMany({
      where: { accountId: app.seed.owner.id, event: { startsWith: 'app_' } },
      orderBy: { at: 'asc' },
      select: { event: true },
    }),
  );
  assert.deepEqual(
    events.map((e) => e.event),
    ['app_denied', 'app_authorized', 'app_revoked'],
  );
});

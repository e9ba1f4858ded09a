// The authorization server's storage in the service's database: oidc-provider's adapter over
// OAuthPayload rows (kept, found by uid, consumed once, expired, revoked by grant) and its clients
// read from the registered apps, checked by a real oidc-provider, with secrets compared by hash.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { acceptHashedSecrets, createPayloadAdapter } from '@/server/oauth/payload-adapter';
import { withContainer } from '../support/accounts';
import { createTestDatabase, type TestDatabase } from '../support/databases';

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
});
after(() => db.drop());

interface ClientModel {
  clientId: string;
  redirectUris: string[];
  applicationType: string;
  tokenEndpointAuthMethod: string;
  compareClientSecret(actual: string): Promise<boolean>;
}
type ClientClass = { find(id: string): Promise<ClientModel | undefined>; prototype: ClientModel };

test('payloads are kept, found by uid, consumed once, expire and end with their grant', () =>
  withContainer(db, async ({ db: { prisma }, auth }) => {
    const Adapter = createPayloadAdapter(prisma, auth.apps.findByClientId, auth.appGrants.revoked);
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('RefreshToken');
    const sessions = new Adapter('Session');

    await codes.upsert('code-1', { jti: 'code-1', grantId: 'grant-1', kind: 'AuthorizationCode' }, 60);
    await tokens.upsert('token-1', { jti: 'token-1', grantId: 'grant-1', kind: 'RefreshToken' }, 3600);
    await tokens.upsert('token-2', { jti: 'token-2', grantId: 'grant-2', kind: 'RefreshToken' }, 3600);
    assert.deepEqual(await codes.find('code-1'), { jti: 'code-1', grantId: 'grant-1', kind: 'AuthorizationCode' });
    assert.equal(await tokens.find('code-1'), undefined, 'a kind reads its own rows only');

    await codes.consume('code-1');
    const consumed = await codes.find('code-1');
    assert.equal(typeof consumed?.consumed, 'number', 'a consumed code says when');
    await codes.consume('code-1');
    assert.equal((await codes.find('code-1'))?.consumed, consumed?.consumed, 'consuming again keeps the first time');

    await sessions.upsert('session-1', { jti: 'session-1', uid: 'uid-1', accountId: 'a' }, 600);
    assert.equal((await sessions.findByUid('uid-1'))?.accountId, 'a');
    await sessions.upsert('session-1', { jti: 'session-1', uid: 'uid-2', accountId: 'a' }, 600);
    assert.equal(await sessions.findByUid('uid-1'), undefined, 'an upsert replaces the row');
    await sessions.destroy('session-1');
    assert.equal(await sessions.find('session-1'), undefined);

    await codes.upsert('code-old', { jti: 'code-old' }, -1);
    assert.equal(await codes.find('code-old'), undefined, 'an expired row reads as absent');

    await tokens.revokeByGrantId('grant-1');
    assert.equal(await codes.find('code-1'), undefined, "the grant's code ends");
    assert.equal(await tokens.find('token-1'), undefined, "the grant's token ends");
    assert.ok(await tokens.find('token-2'), 'another grant is untouched');
  }));

test('clients are the registered apps, accepted by oidc-provider, their secrets checked by hash', () =>
  withContainer(db, async ({ db: { prisma }, auth }) => {
    const register = (body: object) => auth.apps.operator.create(body);
    const web = await register({
      name: 'Ledger',
      type: 'confidential',
      redirect_uris: ['https://ledger.example/callback'],
      scopes: ['openid', 'orders:read'],
    });
    const native = await register({
      name: 'Till app',
      type: 'public',
      redirect_uris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'offline_access'],
    });

    const provider = new Provider('http://127.0.0.1:1', {
      adapter: createPayloadAdapter(prisma, auth.apps.findByClientId, auth.appGrants.revoked),
      scopes: ['openid', 'offline_access', 'orders:read'],
      features: { devInteractions: { enabled: false } },
      // The ID token's algorithm is the service's key's, for every app: the provider's default, not each app's.
      clientDefaults: { id_token_signed_response_alg: 'ES256' },
      jwks: { keys: [await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)] },
    });
    const { Client } = provider as unknown as { Client: ClientClass };
    acceptHashedSecrets(
      provider as unknown as { Client: ClientClass },
      auth.apps.findByClientId,
      auth.apps.acceptsSecret,
    );

    const confidential = await Client.find(web.client_id);
    assert.ok(confidential, 'oidc-provider accepts the metadata of a confidential app');
    assert.deepEqual(confidential.redirectUris, ['https://ledger.example/callback']);
    assert.equal(confidential.applicationType, 'web');
    assert.equal(confidential.tokenEndpointAuthMethod, 'client_secret_basic');
    assert.equal(await confidential.compareClientSecret(web.client_secret!), true, 'the secret shown once');
    const stored = await prisma.oAuthApp.findUnique({ where: { id: web.id } });
    assert.equal(await confidential.compareClientSecret(stored!.secretHash!), false, 'never the stored hash');
    assert.equal(await confidential.compareClientSecret('wrong'), false);

    const publicClient = await Client.find(native.client_id);
    assert.ok(publicClient, 'and of a public native app');
    assert.equal(publicClient.applicationType, 'native', 'a loopback redirect URI makes a native app');
    assert.equal(publicClient.tokenEndpointAuthMethod, 'none');

    assert.equal(await Client.find('app_unknown'), undefined, 'an unregistered client is unknown');
    const Adapter = createPayloadAdapter(prisma, auth.apps.findByClientId, auth.appGrants.revoked);
    const grants = new Adapter('Grant');
    const tokens = new Adapter('AccessToken');
    await grants.upsert('grant-web', { jti: 'grant-web', clientId: web.client_id, accountId: 'a' }, 3600);
    await tokens.upsert('token-web', { jti: 'token-web', clientId: web.client_id, grantId: 'grant-web' }, 3600);
    await tokens.upsert('token-native', { jti: 'token-native', clientId: native.client_id, grantId: 'g' }, 3600);
    await auth.apps.operator.remove(web.client_id);
    assert.equal(await Client.find(web.client_id), undefined, 'a removed app is unknown at once');
    assert.equal(await grants.find('grant-web'), undefined, "a removed app's grants end with it");
    assert.equal(await tokens.find('token-web'), undefined, 'and its tokens');
    assert.ok(await tokens.find('token-native'), "another app's tokens stay");
  }));

// The connected-apps routes, probed for every status they document: a grant of the owner's, an
// employee's and a customer's, written as the authorization server stores one, each listed and ended.
import { randomUUID } from 'node:crypto';
import { PASSWORDS, withContainer } from '../accounts';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';
import { signIn } from '../sign-in';

/** A registered app, and a grant of it for each account, as the authorization server stores grants. */
async function grantsOf(app: AdministrationSuite, accountIds: string[]): Promise<string> {
  return withContainer(app.db, async ({ auth, db }) => {
    const { client_id: clientId } = await auth.apps.operator.create({
      name: 'Probed ledger',
      type: 'public',
      redirect_uris: ['https://probed.example/callback'],
      scopes: ['openid', 'orders:read'],
    });
    for (const accountId of accountIds) {
      const id = randomUUID();
      const payload = { jti: id, kind: 'Grant', accountId, clientId, openid: { scope: 'openid' } };
      await db.prisma.oAuthPayload.create({ data: { kind: 'Grant', id, payload, accountId, clientId } });
    }
    return clientId;
  });
}

export async function probeAppGrantRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  // A customer of its own: the suite's shopper may have been disabled or deleted by an earlier probe.
  const email = 'probed-app-shopper@example.com';
  const shopper = await withContainer(app.db, ({ auth }) =>
    auth.operator.createCustomer({ email, password: PASSWORDS.customer, name: 'Probed Shopper' }),
  );
  const shopperToken = (await signIn(app.url, 'customer', email, PASSWORDS.customer)).access_token;
  const clientId = await grantsOf(app, [app.w.owner.id, app.w.employee.id, shopper.id]);
  for (const [role, token] of [
    ['vendor', app.tokens.owner],
    ['customer', shopperToken],
  ] as const) {
    const own = `/auth/${role}/apps`;
    await probe('GET', own, { token });
    await probe('GET', own, { token: 'not-a-token' });
    for (const params of [{ clientId }, { clientId }, { clientId: 'x'.repeat(101) }])
      await probe('DELETE', `${own}/{clientId}`, { token, params });
    await probe('DELETE', `${own}/{clientId}`, { token: 'not-a-token', params: { clientId } });
  }
  await probe('GET', '/vendor/apps', { token: app.tokens.owner });
  const staff = { accountId: app.w.employee.id, clientId };
  for (let i = 0; i < 2; i += 1)
    await probe('DELETE', '/vendor/apps/{accountId}/{clientId}', { token: app.tokens.owner, params: staff });
}

// The approval routes at the till (ask, approve with a manager's PIN, spend as a service client),
// probed for every status they document. The suite's small INTROSPECT_PER_MINUTE makes the spend
// limit reachable.
import type { AdministrationSuite } from '../admin-world';
import { approvedToken, cashierSession, PINS, seedApprovalWorld } from '../approvals';
import type { Probe } from '../openapi-probe';
import { registerServiceClient } from '../service-calls';
import { basicCredentials } from '@/guard-kit/service-calls';
import { PROBED_CALLS_PER_MINUTE } from './platform-services';

const ASK = '/auth/terminal/approvals';
const APPROVE = '/auth/terminal/approvals/{approvalId}/approve';
const SPEND = '/auth/approvals/spend';
const TEXT = { body: 'text', headers: { 'content-type': 'text/plain' } };
const LARGE = { json: { padding: 'x'.repeat(17 * 1024) } };

export async function probeApprovalRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const world = await seedApprovalWorld(app.url, app.db, app.w, 'probe-approvals');
  const session = { token: await cashierSession(app.url, world) };
  const refund = { action: 'refund', reference: 'sale-1', amount: '12.50' };

  const asked = await probe('POST', ASK, { ...session, json: refund });
  await probe('POST', ASK, { ...session, json: { ...refund, action: 'gift' } });
  await probe('POST', ASK, { json: refund });
  await probe('POST', ASK, { token: app.tokens.owner, json: refund });
  await probe('POST', ASK, { ...session, ...LARGE });
  await probe('POST', ASK, { ...session, ...TEXT });
  await probe('GET', ASK, session);

  const approvalId = asked.body.approval_id as string;
  const approveAs = (accountId: string, pin: string) => ({
    ...session,
    params: { approvalId },
    json: { account_id: accountId, pin },
  });
  await probe('POST', APPROVE, { ...session, params: { approvalId }, json: {} });
  await probe('POST', APPROVE, { params: { approvalId }, json: { account_id: world.manager.id, pin: PINS.manager } });
  await probe('POST', APPROVE, approveAs(world.manager.id, '999001'));
  await probe('POST', APPROVE, approveAs(world.cashier.id, PINS.cashier));
  await probe('POST', APPROVE, approveAs(world.helper.id, PINS.helper));
  await probe('POST', APPROVE, { ...approveAs(world.manager.id, PINS.manager), params: { approvalId: 'no-such-id' } });
  await probe('POST', APPROVE, { ...session, params: { approvalId }, ...LARGE });
  await probe('POST', APPROVE, { ...session, params: { approvalId }, ...TEXT });
  await probe('GET', APPROVE, { ...session, params: { approvalId } });
  const approved = await probe('POST', APPROVE, approveAs(world.manager.id, PINS.manager));
  await probe('POST', APPROVE, approveAs(world.manager.id, PINS.manager));

  const client = await registerServiceClient(app.db, 'probed-approvals');
  const authorization = basicCredentials(client.client_id, client.client_secret);
  const token = approved.body.approval_token as string;
  await probe('POST', SPEND, { json: { approval_token: token }, headers: { authorization } });
  await probe('POST', SPEND, { json: { approval_token: token }, headers: { authorization } });
  await probe('POST', SPEND, { json: {}, headers: { authorization } });
  await probe('POST', SPEND, { json: { approval_token: token } });
  await probe('POST', SPEND, { ...LARGE, headers: { authorization } });
  await probe('POST', SPEND, { ...TEXT, headers: { ...TEXT.headers, authorization } });
  await probe('GET', SPEND, { headers: { authorization } });
  const busy = await registerServiceClient(app.db, 'busy-approvals');
  const busyAuth = { authorization: basicCredentials(busy.client_id, busy.client_secret) };
  const spare = await approvedToken(app.url, world, session.token, { action: 'void', reference: 'line-2' });
  let answer = await probe('POST', SPEND, { json: { approval_token: 'x' }, headers: busyAuth });
  for (let i = 0; answer.status !== 429 && i <= Number(PROBED_CALLS_PER_MINUTE); i += 1)
    answer = await probe('POST', SPEND, { json: { approval_token: spare }, headers: busyAuth });

  // Wrong PINs lock the terminal (429) once they reach its limit.
  const next = (await probe('POST', ASK, { ...session, json: refund })).body.approval_id as string;
  for (let i = 0; i < 21; i += 1)
    await probe('POST', APPROVE, {
      ...session,
      params: { approvalId: next },
      json: { account_id: 'nobody', pin: '999001' },
    });
}

// Approvals at the till for tests: a terminal of its own with a requesting cashier, a manager of its
// store, a manager of the other store and an employee without pos:approve, each with a PIN; and
// the three calls (ask, approve, spend).
import assert from 'node:assert/strict';
import { basicCredentials } from '@/guard-kit/service-calls';
import { PASSWORDS, withContainer, type SeedAccounts } from './accounts';
import type { TestDatabase } from './databases';
import { request, type Answer } from './http';
import type { ServiceCredentials } from './service-calls';
import { signIn } from './sign-in';
import { pairDevice, pinLogin, setPin } from './terminals';

const API = '/api/v1';
export const STAFF_PASSWORD = 'till-staff-pass-K8r!v2';

/** Each one's PIN (none a common or patterned one). */
export const PINS = { owner: '402815', cashier: '538264', manager: '619305', otherManager: '731946', helper: '846257' };

export type ApprovalWorld = Awaited<ReturnType<typeof seedApprovalWorld>>;

/** Staff and a paired terminal of the seed's store A (`prefix` keeps e-mails apart between suites). */
export async function seedApprovalWorld(url: string, db: TestDatabase, seed: SeedAccounts, prefix: string) {
  const made = await withContainer(db, async ({ auth }) => {
    const staff = (label: string, permissions: string[], storeId: string) =>
      auth.operator.createEmployee({
        vendor_id: seed.vendor.id,
        email: `${prefix}-${label}@example.com`,
        password: STAFF_PASSWORD,
        name: label,
        modules: ['pos', 'orders'],
        module_permissions: { pos: permissions as never, orders: ['read'] },
        store_ids: [storeId],
      });
    return {
      till: await auth.operator.createTerminal(seed.storeA.id, { name: `${prefix} till` }),
      cashier: await staff('cashier', ['read'], seed.storeA.id),
      manager: await staff('manager', ['read', 'approve'], seed.storeA.id),
      otherManager: await staff('other-manager', ['read', 'approve'], seed.storeB.id),
      helper: await staff('helper', ['read', 'write'], seed.storeA.id),
    };
  });
  const owner = await signIn(url, 'vendor', seed.owner.email, PASSWORDS.owner);
  await setPin(url, owner.access_token, PASSWORDS.owner, PINS.owner);
  for (const label of ['cashier', 'manager', 'otherManager', 'helper'] as const) {
    const session = await signIn(url, 'vendor', made[label].email, STAFF_PASSWORD);
    await setPin(url, session.access_token, STAFF_PASSWORD, PINS[label]);
  }
  const device = await pairDevice(url, owner.access_token, seed.storeA.id, made.till.id);
  return { ...made, owner: seed.owner, device, ownerToken: owner.access_token };
}

/** The cashier's PIN session at the world's terminal: its access token. */
export async function cashierSession(url: string, world: ApprovalWorld): Promise<string> {
  const res = await pinLogin(url, world.device, world.cashier.id, PINS.cashier);
  assert.equal(res.status, 200, res.text);
  return res.body.access_token as string;
}

export const askApproval = (url: string, token: string, json: unknown): Promise<Answer> =>
  request(url, 'POST', `${API}/auth/terminal/approvals`, { token, json });

export const approve = (url: string, token: string, approvalId: string, accountId: string, pin: string) =>
  request(url, 'POST', `${API}/auth/terminal/approvals/${approvalId}/approve`, {
    token,
    json: { account_id: accountId, pin },
  });

/** An approval token for `action` on `reference`: asked by the cashier, approved by the manager. */
export async function approvedToken(
  url: string,
  world: ApprovalWorld,
  session: string,
  request_: { action: string; reference: string; amount?: string },
): Promise<string> {
  const asked = await askApproval(url, session, request_);
  assert.equal(asked.status, 201, asked.text);
  const approved = await approve(url, session, asked.body.approval_id, world.manager.id, PINS.manager);
  assert.equal(approved.status, 200, approved.text);
  return approved.body.approval_token as string;
}

export const spendApproval = (url: string, client: ServiceCredentials, token: string): Promise<Answer> =>
  request(url, 'POST', `${API}/auth/approvals/spend`, {
    json: { approval_token: token },
    headers: { authorization: basicCredentials(client.client_id, client.client_secret) },
  });

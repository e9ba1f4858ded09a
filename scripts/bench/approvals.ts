// The till's rows: a PIN sign-in, and a manager's approval of one action (ask, approve with the
// manager's PIN, then the guard kit's verifyApproval in this process, which spends it at the app),
// each from a number of tills at once, in interleaved slices so other load falls on both alike.
import { createGuard } from '../../src/guard-kit';
import { PASSWORDS, withContainer } from '../../test/support/accounts';
import { TEST_SECRETS } from '../../test/support/app-process';
import { request } from '../../test/support/http';
import { signIn } from '../../test/support/sign-in';
import { pairDevice, pinLogin, setPin } from '../../test/support/terminals';
import type { BenchTarget } from './setup';

export interface TillBench {
  pinSignIn: { perSecond: number; count: number };
  approval: { perSecond: number; count: number };
}

const CASHIER_PIN = '538264';
const OWNER_PIN = '619305';
const API = '/api/v1/auth/terminal/approvals';
/**
 * PINs in flight at once for one account: each attempt counts as a wrong PIN until it is found
 * right, so five at once for one person would meet the lock of five in a row (as a person at a till
 * never does); four leaves the count below it.
 */
const TILLS = 4;

/** `tills` loops of `once` for `seconds`; how many finished (a failure throws). */
async function loops(seconds: number, tills: number, once: () => Promise<void>) {
  let count = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: tills }, async () => {
      while (performance.now() < end) {
        await once();
        count += 1;
      }
    }),
  );
  return { count, seconds: (performance.now() - started) / 1000 };
}

export async function measureTill(
  target: BenchTarget,
  seconds: number,
  rounds: number,
  progress: (message: string) => void,
): Promise<TillBench> {
  const url = target.app.url;
  const client = await withContainer(target.db, (c) => c.auth.serviceClients.operator.create('bench till service'));
  const owner = await signIn(url, 'vendor', target.owner.email, target.owner.password);
  const cashier = await signIn(url, 'vendor', target.email, target.password);
  await setPin(url, owner.access_token, target.owner.password, OWNER_PIN);
  await setPin(url, cashier.access_token, PASSWORDS.employee, CASHIER_PIN);
  const device = await pairDevice(url, owner.access_token, target.storeId, target.terminalId);
  const session = await pinLogin(url, device, target.employeeId, CASHIER_PIN);
  if (session.status !== 200) throw new Error(`bench PIN sign-in failed with ${session.status}: ${session.text}`);
  const token = String((session.body as { access_token: string }).access_token);
  const guard = createGuard({
    apiUrl: url,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    revocation: 'none',
    accessSecret: TEST_SECRETS.JWT_ACCESS_SECRET,
  });

  const signInOnce = async () => {
    const res = await pinLogin(url, device, target.employeeId, CASHIER_PIN);
    if (res.status !== 200) throw new Error(`PIN sign-in answered ${res.status}: ${res.text}`);
  };
  let reference = 0;
  const approveOnce = async () => {
    const sale = `sale-${(reference += 1)}`;
    const asked = await request<{ approval_id: string }>(url, 'POST', API, {
      token,
      json: { action: 'refund', reference: sale },
    });
    if (asked.status !== 201) throw new Error(`asking answered ${asked.status}: ${asked.text}`);
    const approved = await request<{ approval_token: string }>(
      url,
      'POST',
      `${API}/${asked.body.approval_id}/approve`,
      {
        token,
        json: { account_id: target.ownerId, pin: OWNER_PIN },
      },
    );
    if (approved.status !== 200) throw new Error(`approving answered ${approved.status}: ${approved.text}`);
    await guard.verifyApproval(approved.body.approval_token, { action: 'refund', reference: sale });
  };

  try {
    await loops(Math.min(1, seconds / 5), TILLS, signInOnce);
    await loops(Math.min(1, seconds / 5), TILLS, approveOnce);
    const totals = { pinSignIn: { count: 0, seconds: 0 }, approval: { count: 0, seconds: 0 } };
    const slices = Math.max(rounds, 2);
    for (let slice = 0; slice < slices; slice++) {
      for (const [name, once] of [
        ['pinSignIn', signInOnce],
        ['approval', approveOnce],
      ] as const) {
        const run = await loops(seconds / slices, TILLS, once);
        totals[name].count += run.count;
        totals[name].seconds += run.seconds;
      }
    }
    progress('till rows done');
    const rate = (t: { count: number; seconds: number }) => ({ perSecond: t.count / t.seconds, count: t.count });
    return { pinSignIn: rate(totals.pinSignIn), approval: rate(totals.approval) };
  } finally {
    await guard.close();
  }
}

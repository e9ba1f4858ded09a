// Every way an access token stops being live, over HTTP against the started app: each case signs
// a vendor account in (by password, or by PIN at a till) and then revokes that token its own way.
// The accounts each case needs are made once, by the operator, so the cases run in any order.
import assert from 'node:assert/strict';
import { withContainer } from './accounts';
import type { AppSuite } from './app-suite';
import { request } from './http';
import { loggedCode } from './logged-codes';
import { signIn } from './sign-in';
import { pairDevice, pinLogin, setPin } from './terminals';
import { decodePayload } from './tokens';

const API = '/api/v1';
const PASSWORD = 'revoked-pass-K6p!w3';

export interface RevocationCase {
  name: string;
  /** What the feed announces for it. */
  kind: 'session' | 'account' | 'terminal';
  /** A live access token of a fresh session. */
  signIn(): Promise<string>;
  /**
   * Ends that token's life, the way the case says; resolves once the app has answered, with the
   * access token of the new session the change started, if it started one (a password change).
   */
  revoke(token: string): Promise<string | void>;
}

async function ok(answer: Promise<{ status: number; text: string }>, status: number, label: string): Promise<void> {
  const res = await answer;
  assert.equal(res.status, status, `${label}: ${res.text}`);
}

/**
 * The cases, on `suite`'s seed business; `tag` keeps the e-mails of two calls apart. The app must
 * run with PASSWORD_RESET_LOG_OTP=1 (the reset case reads its code from the log).
 */
export async function revocationCases(suite: AppSuite, tag: string): Promise<RevocationCase[]> {
  const { seed, url } = suite;
  const email = (label: string) => `${tag}-${label}@example.com`;
  const ids = await withContainer(suite.db, async ({ auth }) => {
    const employee = async (label: string, storeIds: string[]) =>
      (
        await auth.operator.createEmployee({
          vendor_id: seed.vendor.id,
          email: email(label),
          password: PASSWORD,
          name: label,
          modules: ['orders'],
          module_permissions: { orders: ['read'] },
          store_ids: storeIds,
        })
      ).id;
    return {
      logout: await employee('logout', []),
      ended: await employee('ended', []),
      disabled: await employee('disabled', []),
      reset: await employee('reset', []),
      changed: await employee('changed', []),
      moved: await employee('moved', [seed.storeA.id, seed.storeB.id]),
      unpaired: await employee('unpaired', [seed.storeB.id]),
    };
  });
  const owner = async () => (await signIn(url, 'vendor', seed.owner.email, 'owner-pass-E3r$t9')).access_token;
  const password = (label: string) => async () => (await signIn(url, 'vendor', email(label), PASSWORD)).access_token;
  /** A PIN session at `till` (paired for it), of the account `label`. */
  const atTill = (label: keyof typeof ids, storeId: string, tillId: string, pin: string) => async () => {
    await setPin(url, (await signIn(url, 'vendor', email(label), PASSWORD)).access_token, PASSWORD, pin);
    const device = await pairDevice(url, await owner(), storeId, tillId);
    const res = await pinLogin(url, device, ids[label], pin);
    assert.equal(res.status, 200, res.text);
    return res.body.access_token as string;
  };
  let refreshOfLogout = '';

  return [
    {
      name: 'logout',
      kind: 'session',
      async signIn() {
        const signed = await signIn(url, 'vendor', email('logout'), PASSWORD);
        refreshOfLogout = signed.refresh_token;
        return signed.access_token;
      },
      revoke: () =>
        ok(
          request(url, 'POST', `${API}/auth/vendor/logout`, { json: { refresh_token: refreshOfLogout } }),
          204,
          'logout',
        ),
    },
    {
      name: 'session ended by the owner',
      kind: 'session',
      signIn: password('ended'),
      revoke: async (token) =>
        ok(
          request(url, 'DELETE', `${API}/vendor/accounts/${ids.ended}/sessions/${String(decodePayload(token).sid)}`, {
            token: await owner(),
          }),
          204,
          'end session',
        ),
    },
    {
      name: 'account disabled',
      kind: 'account',
      signIn: password('disabled'),
      revoke: async () =>
        ok(
          request(url, 'POST', `${API}/vendor/accounts/${ids.disabled}/disable`, { token: await owner() }),
          200,
          'disable',
        ),
    },
    {
      name: 'password reset',
      kind: 'account',
      signIn: password('reset'),
      async revoke() {
        await ok(
          request(url, 'POST', `${API}/auth/vendor/password-reset`, {
            json: { email: email('reset'), vendor_type: 'employee' },
          }),
          200,
          'reset request',
        );
        const code = await loggedCode(suite, email('reset'));
        const verified = await request(url, 'POST', `${API}/auth/vendor/password-reset/verify`, {
          json: { email: email('reset'), vendor_type: 'employee', code },
        });
        assert.equal(verified.status, 200, verified.text);
        await ok(
          request(url, 'POST', `${API}/auth/vendor/password-reset/complete`, {
            json: { reset_token: verified.body.reset_token, password: `${PASSWORD}-2` },
          }),
          200,
          'reset',
        );
      },
    },
    {
      name: 'own password changed',
      kind: 'account',
      signIn: password('changed'),
      async revoke(token) {
        const changed = await request(url, 'POST', `${API}/auth/vendor/password`, {
          token,
          json: { current_password: PASSWORD, new_password: `${PASSWORD}-3` },
        });
        assert.equal(changed.status, 200, changed.text);
        return changed.body.access_token as string;
      },
    },
    {
      name: 'employee taken off the store of its till',
      kind: 'session',
      signIn: atTill('moved', seed.storeA.id, seed.tillA.id, '604918'),
      revoke: async () =>
        ok(
          request(url, 'PATCH', `${API}/vendor/accounts/${ids.moved}`, {
            token: await owner(),
            json: { store_ids: [seed.storeB.id] },
          }),
          200,
          'stores',
        ),
    },
    {
      name: 'terminal unpaired',
      kind: 'terminal',
      signIn: atTill('unpaired', seed.storeB.id, seed.tillB.id, '731852'),
      revoke: async () =>
        ok(
          request(url, 'DELETE', `${API}/vendor/terminals/${seed.tillB.id}/pairing`, { token: await owner() }),
          204,
          'unpair',
        ),
    },
  ];
}

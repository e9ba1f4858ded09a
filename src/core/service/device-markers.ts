// Device markers: a successful sign-in gives the client a device id (a cookie for the pages, a
// device_id the typed client keeps and sends as X-Device-Id). A client presenting the id of the
// account it signs in to is exempt from the per-e-mail login cap, so a flood of wrong passwords
// from elsewhere cannot lock the real user out; the per-(e-mail, address) limit still applies.
import { createHash, randomBytes } from 'node:crypto';
import type { AccountRecord } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';

/** How long a device id stays known after its last sign-in. */
export const DEVICE_MARKER_TTL_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

export function createDeviceMarkers(deps: Pick<ServiceDeps, 'devices' | 'accounts' | 'clock'>) {
  const { devices, accounts, clock } = deps;

  const ownerOf = async (role: Role, deviceId: string | undefined) => {
    if (!deviceId || !DEVICE_ID.test(deviceId)) return null;
    const owner = await devices.ownerOf(hashOf(deviceId), clock.now());
    return owner?.role === role ? owner.accountId : null;
  };

  /** Whether `deviceId` signed in to the account of `email` before. */
  async function known(role: Role, email: string, deviceId: string | undefined): Promise<boolean> {
    const owner = await ownerOf(role, deviceId);
    return owner !== null && (await accounts.findByEmail(role, email))?.id === owner;
  }

  /** Whether `presented` is a live device id of `account`. */
  const isOwn = async (account: Pick<AccountRecord, 'role' | 'id'>, presented: string | undefined) =>
    presented !== undefined && (await ownerOf(account.role, presented)) === account.id;

  /**
   * The device id for a client signing in: the one it presented when it is this account's, else a
   * new one; `record` is what the new session writes with it (createFamily's `device`).
   */
  async function markerFor(account: AccountRecord, presented: string | undefined) {
    const deviceId = (await isOwn(account, presented)) ? presented! : randomBytes(32).toString('base64url');
    const expiresAt = new Date(clock.now().getTime() + DEVICE_MARKER_TTL_SECONDS * 1000);
    return { deviceId, record: { idHash: hashOf(deviceId), expiresAt } };
  }

  return { known, isOwn, markerFor };
}

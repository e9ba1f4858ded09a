// The port of device markers: which account a device id (stored as its hash) signed in to.
import type { Role } from '../contract/auth-schemas';

export interface DeviceRepository {
  /** Records (or renews) that the device with this id hash signed in to the account. */
  remember(input: { idHash: string; role: Role; accountId: string; expiresAt: Date }): Promise<void>;
  /** The account a live device id hash belongs to, or null. */
  ownerOf(idHash: string, now: Date): Promise<{ role: Role; accountId: string } | null>;
}

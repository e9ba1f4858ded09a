// The port of device markers: which account a device id (stored as its hash) signed in to. A
// sign-in records its marker with the new session (SessionRepository.createFamily).
import type { Role } from '../contract/auth-schemas';

export interface DeviceRepository {
  /** The account a live device id hash belongs to, or null. */
  ownerOf(idHash: string, now: Date): Promise<{ role: Role; accountId: string } | null>;
}

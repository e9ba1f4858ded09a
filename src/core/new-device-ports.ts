// The port of the new-device mail: the devices (browser family and address) each account signed in
// from, and the mails sent about new ones with their single-use "This wasn't me" links (as hashes).
import type { Role } from '../contract/auth-schemas';

/** A sign-in's device, as the account's history tells it. */
export interface DeviceHistory {
  /** An earlier sign-in of the account came from this device. */
  seen: boolean;
  /** The account signed in at all before this sign-in. */
  earlierSignIn: boolean;
}

export interface NewDeviceNotice {
  tokenHash: string;
  role: Role;
  accountId: string;
  deviceKey: string;
  /** The sign-in the mail is about. */
  familyId: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface NewDeviceRepository {
  /** What the account's sign-ins before `familyId` (started at `at`) tell of `deviceKey`. */
  history(input: {
    role: Role;
    accountId: string;
    deviceKey: string;
    familyId: string;
    at: Date;
  }): Promise<DeviceHistory>;
  /** Whether a mail went out about this device of the account since `since`. */
  noticedSince(role: Role, accountId: string, deviceKey: string, since: Date): Promise<boolean>;
  createNotice(notice: NewDeviceNotice): Promise<void>;
  /** Spends a live, unused link: its notice, or null when unknown, expired or spent (once among concurrent calls). */
  spendNotice(role: Role, tokenHash: string, now: Date): Promise<NewDeviceNotice | null>;
  /** The device is no longer one the account knows: its next sign-in from there is new again. */
  forgetDevice(role: Role, accountId: string, deviceKey: string): Promise<void>;
}

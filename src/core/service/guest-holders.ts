// A guest session's holder: what the session and token rules see in place of a customer account.
import type { GuestRecord } from '../guest-ports';
import type { AccountRecord } from '../ports';
import type { ServiceDeps } from './deps';

/** The account type a guest's access token names (`acct`), beside its `guest: true` claim. */
export const GUEST_TYPE = 'guest';

/** A guest as the holder of its session: no e-mail, no name, no password, never disabled. */
export function guestHolderOf(guest: Pick<GuestRecord, 'id' | 'createdAt'>, maxAgeSeconds: number): AccountRecord {
  return {
    role: 'customer',
    id: guest.id,
    email: '',
    name: '',
    type: GUEST_TYPE,
    modules: [],
    modulePermissions: {},
    passwordHash: '',
    tokenVersion: 0,
    disabled: false,
    createdAt: guest.createdAt,
    guest: { expiresAt: new Date(guest.createdAt.getTime() + maxAgeSeconds * 1000) },
  };
}

/** The one rule for a guest: live until linked to a customer or past GUEST_MAX_AGE. */
export function createGuestHolders({ guests, clock, config }: Pick<ServiceDeps, 'guests' | 'clock' | 'config'>) {
  return async function guestHolder(id: string): Promise<AccountRecord | null> {
    const guest = await guests.find(id);
    if (!guest || guest.convertedAt) return null;
    const holder = guestHolderOf(guest, config.customers.guestMaxAge);
    return holder.guest!.expiresAt > clock.now() ? holder : null;
  };
}

// Guest sessions: a shopper's token pair before any account, refreshed like a customer's, and its
// link to the customer whose sign-up or sign-in presents the guest's refresh token (the platform's
// cart and order services then move what the guest did, from the guest_converted event).
import type { ClientInfo } from '../ports';
import type { ServiceDeps } from './deps';
import { auditEntry, selfCause } from './audit';
import { createGuestHolders, guestHolderOf } from './guest-holders';
import type { createSessions } from './sessions';

type StartSession = ReturnType<typeof createSessions>['startSession'];

export function createGuests(deps: ServiceDeps, startSession: StartSession) {
  const { config, guests, sessions, tokens, limiter, clock, logger, newId } = deps;
  const guestHolder = createGuestHolders(deps);

  /** `POST /auth/customer/guest`: a new guest and its first pair, limited per address. */
  async function start(client: ClientInfo) {
    await limiter.assertGuestAllowed(client.ip);
    const now = clock.now();
    const guest = { id: newId(), createdAt: now };
    await guests.create(guest);
    return startSession(guestHolderOf(guest, config.customers.guestMaxAge), client, 'guest_started');
  }

  /** The live guest whose refresh token this is (any token of its live session); null for anything else. */
  async function liveGuestOf(guestToken: string): Promise<string | null> {
    const claims = await tokens.verifyRefresh(guestToken, 'customer').catch(() => null);
    if (!claims?.guest) return null;
    const [family, holder] = await Promise.all([sessions.familyState(claims.fam), guestHolder(claims.sub)]);
    if (!family || family.revoked || family.accountId !== claims.sub || !holder) return null;
    return claims.sub;
  }

  /**
   * After a customer's sign-up or sign-in succeeded: the guest whose refresh token it presented is
   * linked to that customer and its session ends, with the guest_converted event in the same
   * transaction. A token that is no live guest's is ignored: a stale cart never blocks a sign-in.
   */
  async function link(
    guestToken: string | undefined,
    customerId: string,
    client: ClientInfo,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    if (guestToken === undefined) return;
    const guestId = await liveGuestOf(guestToken);
    if (!guestId) {
      logger.info({ event: 'guest_token_ignored', role: 'customer', accountId: customerId }, 'guest token not live');
      return;
    }
    const customer = { role: 'customer' as const, id: customerId };
    const audit = auditEntry(
      'guest_converted',
      { role: 'customer', accountId: customerId },
      selfCause(customer, client),
      { guest_id: guestId, ...details },
    );
    if (await guests.convert(guestId, customerId, clock.now(), audit))
      logger.info({ event: 'guest_converted', role: 'customer', accountId: customerId, guestId }, 'guest linked');
  }

  return { start, link, guestHolder };
}

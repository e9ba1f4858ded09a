// The new-device mail's rule: a sign-in from a device the account has not used before (its device
// marker, else the browser family and the address) is mailed to the account after the answer, with
// a single-use "This wasn't me" link; never for its first sign-in, at most once a day per device.
import { mailTextFor } from '../mail-texts';
import { createHash } from 'node:crypto';
import { addressKey, UNKNOWN_ADDRESS } from '../address-key';
import { newClientSecret, secretHashOf } from '../client-secrets';
import { deviceName } from '../device-name';
import type { AccountRecord, ClientInfo } from '../ports';
import { auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import { createDeviceMarkers } from './device-markers';
import { newDeviceMail, NOT_ME_TTL_SECONDS, notMeLink } from './new-device-mail';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The device a sign-in came from, as the session start records it. */
export interface SeenFrom {
  deviceKey: string;
  at: Date;
}

/** One device: the browser family as people name it and the address's key (an IPv6 client's /64). */
export const deviceKeyOf = (client: ClientInfo) =>
  createHash('sha256')
    .update(`${deviceName(client.userAgent)}\n${addressKey(client.ip)}`)
    .digest('hex');

export function createNewDeviceNotice(deps: ServiceDeps) {
  const { config, newDevices, mailer, clock, logger, defer } = deps;
  const markers = createDeviceMarkers(deps);
  const record = createAuditRecorder(deps);

  async function noticeIfNew(account: AccountRecord, client: ClientInfo, familyId: string, seen: SeenFrom) {
    const { role, id: accountId } = account;
    const { deviceKey, at } = seen;
    if (await markers.isOwn(account, client.deviceId)) return;
    const history = await newDevices.history({ role, accountId, deviceKey, familyId, at });
    if (history.seen || !history.earlierSignIn) return;
    if (await newDevices.noticedSince(role, accountId, deviceKey, new Date(at.getTime() - DAY_MS))) return;
    const token = newClientSecret();
    const now = clock.now();
    await newDevices.createNotice({
      tokenHash: secretHashOf(token),
      role,
      accountId,
      deviceKey,
      familyId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + NOT_ME_TTL_SECONDS * 1000),
    });
    const device = deviceName(client.userAgent);
    const address = client.ip ?? UNKNOWN_ADDRESS;
    const link = notMeLink(config.browser.appUrl, role, token);
    const text = mailTextFor(deps, account, client);
    await mailer.send(newDeviceMail(text, { to: account.email, name: account.name, device, address, at, link }));
    logger.info({ event: 'new_device_notice_sent', role, accountId, familyId }, 'new-device mail sent');
    await record(
      auditEntry('new_device_notice_sent', subjectOf(account), selfCause(account, client), {
        session_id: familyId,
        device,
      }),
    );
  }

  return {
    /** What a sign-in's session records of its device, or nothing when the mail is off. */
    seenFrom: (client: ClientInfo, at: Date): SeenFrom | undefined =>
      config.newDeviceMail ? { deviceKey: deviceKeyOf(client), at } : undefined,
    /** After the answer: a failing check or mail server is logged, and never fails the sign-in. */
    afterSignIn(account: AccountRecord, client: ClientInfo, familyId: string, seen: SeenFrom) {
      defer('new-device-notice', () => noticeIfNew(account, client, familyId, seen));
    },
  };
}

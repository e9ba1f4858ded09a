// The pages' device marker: an httpOnly cookie sent only with the role's login procedure, so a
// browser that signed in before is exempt from the per-e-mail login cap (see device-markers.ts).
import { DEVICE_MARKER_TTL_SECONDS } from '@/core/service/device-markers';
import type { Role } from '@/contract/auth-schemas';
import { appendCookie, type CookieJar } from './refresh-cookie';
import { TRPC_ENDPOINT } from '../../contract/trpc-endpoints';

const deviceCookieName = (role: Role) => `${role}_device_id`;

export function deviceCookieOf(jar: CookieJar, role: Role): string | undefined {
  return jar.cookies[deviceCookieName(role)] || undefined;
}

export function setDeviceCookie(jar: CookieJar, role: Role, deviceId: string): void {
  appendCookie(jar, deviceCookieName(role), deviceId, {
    path: `${TRPC_ENDPOINT}/${role}.login`,
    maxAgeSeconds: DEVICE_MARKER_TTL_SECONDS,
  });
}

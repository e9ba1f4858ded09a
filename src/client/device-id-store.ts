// Where the client keeps each role's device id (the device_id of its last sign-in), sent back as
// X-Device-Id at the next sign-in so the server knows the device. Memory by default; a terminal
// that restarts should keep it on disk beside its tokens.
import type { Role } from '../contract/auth-schemas';

export interface DeviceIdStore {
  get(role: Role): string | undefined | Promise<string | undefined>;
  set(role: Role, deviceId: string): void | Promise<void>;
}

export function memoryDeviceIdStore(initial: Partial<Record<Role, string>> = {}): DeviceIdStore {
  const ids = new Map<Role, string>(Object.entries(initial) as [Role, string][]);
  return {
    get: (role) => ids.get(role),
    set: (role, deviceId) => {
      ids.set(role, deviceId);
    },
  };
}

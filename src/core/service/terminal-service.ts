// The POS-terminal face of the auth service: pairing, PINs, the staff list and PIN sign-in.
import { createVendorScope } from './administration-rules';
import type { ServiceDeps } from './deps';
import { createPinLogin } from './pin-login';
import { createPinManagement } from './pin-management';
import { createTerminalPairing } from './terminal-pairing';

export function createTerminalService(deps: ServiceDeps, startSession: Parameters<typeof createPinLogin>[2]) {
  const scope = createVendorScope(deps);
  return {
    ...createTerminalPairing(deps, scope),
    ...createPinManagement(deps, scope),
    ...createPinLogin(deps, deps.counters, startSession),
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;

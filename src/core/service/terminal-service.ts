// The POS-terminal face of the auth service: pairing, PINs, the staff list, PIN sign-in and a
// manager's approvals at the till.
import { createVendorScope } from './administration-rules';
import { createApprovals } from './approvals';
import type { ServiceDeps } from './deps';
import { createPinCheck } from './pin-check';
import { createPinLogin } from './pin-login';
import { createPinManagement } from './pin-management';
import { createTerminalPairing } from './terminal-pairing';

export function createTerminalService(
  deps: ServiceDeps,
  startSession: Parameters<typeof createPinLogin>[2],
  countCall: Parameters<typeof createApprovals>[2],
) {
  const scope = createVendorScope(deps);
  const checkPin = createPinCheck(deps, deps.counters);
  const approvals = createApprovals(deps, checkPin, countCall);
  return {
    ...createTerminalPairing(deps, scope),
    ...createPinManagement(deps, scope),
    ...createPinLogin(deps, checkPin, startSession),
    askApproval: approvals.ask,
    approve: approvals.approve,
    spendApproval: approvals.spend,
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;

// Staff PINs: an account sets or clears its own with its password; an owner (or an admin, or an
// employee with staff:write) clears another's. Only bcrypt hashes are stored.
import { clearPinRequest, setPinRequest } from '../../contract/terminal-schemas';
import { parseInput } from '../validation';
import type { VendorScope } from './administration-rules';
import type { ServiceDeps } from './deps';
import { allowed, auditOf } from './operation-access';
import { auditEntry, causeOf, createAuditRecorder, subjectOf } from './audit';
import { createPasswordConfirmation } from './password-confirmation';
import { assertAcceptablePin } from './pin-policy';
import type { Principal } from './principal';

type Deps = Pick<ServiceDeps, 'terminals' | 'hasher' | 'limiter' | 'logger' | 'audit' | 'clock'>;

export function createPinManagement(deps: Deps, scope: VendorScope) {
  const { terminals, hasher, logger } = deps;
  const audit = auditOf(logger);
  const record = createAuditRecorder(deps);
  const confirmPassword = createPasswordConfirmation(deps);

  async function setOwnPin(principal: Principal, body: unknown): Promise<void> {
    allowed(principal, 'setOwnPin');
    const input = parseInput(setPinRequest, body);
    assertAcceptablePin(input.pin);
    await confirmPassword(principal, input.current_password, 'setOwnPin');
    await terminals.setPin(principal.account.id, await hasher.hash(input.pin));
    logger.info({ event: 'pin_set', accountId: principal.account.id }, 'PIN set');
    await record(auditEntry('pin_set', subjectOf(principal.account), causeOf(principal)));
  }

  async function clearOwnPin(principal: Principal, body: unknown): Promise<void> {
    allowed(principal, 'clearOwnPin');
    const input = parseInput(clearPinRequest, body);
    await confirmPassword(principal, input.current_password, 'clearOwnPin');
    await terminals.clearPin(principal.account.id);
    logger.info({ event: 'pin_cleared', accountId: principal.account.id, by: 'self' }, 'PIN cleared');
    await record(auditEntry('pin_cleared', subjectOf(principal.account), causeOf(principal)));
  }

  async function clearStaffPin(principal: Principal, vendorId: string | undefined, accountId: string): Promise<void> {
    allowed(principal, 'clearStaffPin');
    const vid = await scope.businessOf(principal, vendorId);
    const target = await scope.accountIn(vid, accountId);
    scope.assertMayActOn(principal, target);
    await terminals.clearPin(target.id);
    audit(principal, 'clearStaffPin', { vendorId: vid, targetId: target.id });
    logger.info({ event: 'pin_cleared', accountId: target.id, by: principal.account.id }, 'PIN cleared');
    await record(
      auditEntry('pin_cleared', { role: 'vendor', accountId: target.id, vendorId: vid }, causeOf(principal)),
    );
  }

  return { setOwnPin, clearOwnPin, clearStaffPin };
}

// The one guard of every administration and session operation: the operation's module rule from
// src/core/operations.ts, checked against the signed-in account. Every adapter reaches it through
// the service, after authenticating the caller's token.
import { AuthError } from '../auth-error';
import { moduleRefusal, pinSessionRefusal, type GuardSubject } from '../module-access';
import { PIN_SESSION_OPERATIONS, ruleFor, type Operation } from '../operations';
import type { AccountRecord, Logger } from '../ports';
import type { Principal } from './principal';

export function guardSubjectOf(account: AccountRecord): GuardSubject {
  return account.role === 'admin'
    ? { role: 'admin', type: account.type, modules: account.modules }
    : { role: 'vendor', type: account.type, modules: account.modules, modulePermissions: account.modulePermissions };
}

/** Throws forbidden unless `principal` passes the rule `operation` declares for its role. */
export function assertAllowed(
  principal: Pick<Principal, 'account' | 'amr' | 'terminalId'>,
  operation: Operation,
): void {
  const { account } = principal;
  assertNotPinSession(principal, operation);
  const rule = ruleFor(operation, account.role);
  if (rule === 'signed_in') return;
  if (!rule) throw new AuthError('forbidden', `A ${account.role} account cannot do ${operation}.`);
  // The PIN rule was applied above, by operation; this service answers both other refusals as forbidden.
  if (moduleRefusal(guardSubjectOf(account), rule.module, rule.action, true)) {
    const what =
      account.type === 'employee'
        ? `the ${rule.module} module with ${rule.action} permission`
        : `the ${rule.module} module`;
    throw new AuthError('forbidden', `${operation} needs ${what}.`);
  }
}

/**
 * A PIN sign-in does POS work only: every other operation, present or future, needs a password
 * sign-in first (403 step_up_required), whatever modules the account holds.
 */
export function assertNotPinSession(principal: Pick<Principal, 'amr'>, operation: string): void {
  if (pinSessionRefusal(principal.amr, (PIN_SESSION_OPERATIONS as readonly string[]).includes(operation))) {
    throw new AuthError(
      'step_up_required',
      'Sign in with your password to do this; a PIN session does point-of-sale work only.',
    );
  }
}

/** `principal`, once it may run `operation` (else forbidden): the first line of every guarded operation. */
export function allowed(principal: Principal, operation: Operation): Principal {
  assertAllowed(principal, operation);
  return principal;
}

/** One log line per change an administrator or vendor account made: who, what, to which record. */
export function auditOf(logger: Logger) {
  return ({ account }: Principal, operation: Operation, details: { vendorId?: string; targetId: string }) =>
    logger.info(
      { event: 'administration', operation, actorRole: account.role, actorId: account.id, ...details },
      operation,
    );
}

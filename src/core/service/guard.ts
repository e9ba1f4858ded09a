// The one guard of every administration and session operation: the caller's token, then the
// operation's module rule from src/core/operations.ts. Both adapters reach it through the service.
import { AuthError } from '../errors';
import { passesModuleGuard, type GuardSubject } from '../modules';
import { ruleFor, type Operation } from '../operations';
import type { AccountRecord, Logger } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';
import { createAuthenticate, type Principal } from './principal';

/** Who calls an operation: the role of the route (or procedure) and the bearer token sent to it. */
export interface Caller {
  role: Role;
  accessToken: string;
}

export function guardSubjectOf(account: AccountRecord): GuardSubject {
  return account.role === 'admin'
    ? { role: 'admin', type: account.type, modules: account.modules }
    : { role: 'vendor', type: account.type, modules: account.modules, modulePermissions: account.modulePermissions };
}

/** Throws forbidden unless `principal` passes the rule `operation` declares for its role. */
export function assertAllowed(principal: Principal, operation: Operation): void {
  const { account } = principal;
  const rule = ruleFor(operation, account.role);
  if (rule === 'signed_in') return;
  if (!rule) throw new AuthError('forbidden', `A ${account.role} account cannot do ${operation}.`);
  if (!passesModuleGuard(guardSubjectOf(account), rule.module, rule.action)) {
    const what = account.type === 'employee' ? `the ${rule.module} module with ${rule.action} permission` : `the ${rule.module} module`;
    throw new AuthError('forbidden', `${operation} needs ${what}.`);
  }
}

export function createAuthorize(deps: Pick<ServiceDeps, 'tokens' | 'accounts'>) {
  const authenticate = createAuthenticate(deps);
  /** The caller's account, once its token is valid (else 401) and it may run `operation` (else 403). */
  return async function authorize(caller: Caller, operation: Operation): Promise<Principal> {
    const principal = await authenticate(caller.role, caller.accessToken);
    assertAllowed(principal, operation);
    return principal;
  };
}

export type Authorize = ReturnType<typeof createAuthorize>;

/** One log line per change an administrator or vendor account made: who, what, to which record. */
export function auditOf(logger: Logger) {
  return ({ account }: Principal, operation: Operation, details: { vendorId?: string; targetId: string }) =>
    logger.info({ event: 'administration', operation, actorRole: account.role, actorId: account.id, ...details }, operation);
}

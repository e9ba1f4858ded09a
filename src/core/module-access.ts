// Module-based access control: which account passes which module guard, and what a PIN session at a
// till may do. The one implementation of these rules: this service's own guards and the guard kit
// of the platform's other services (src/guard-kit) both call it.

/** What a guard needs to know about the signed-in account. */
export type GuardSubject =
  | { role: 'admin'; type: string; modules: readonly string[] }
  | {
      role: 'vendor';
      type: string;
      modules: readonly string[];
      modulePermissions: Readonly<Record<string, readonly string[]>>;
    };

/** Why a module guard refuses: the module is missing, the action is, or a PIN session asks for more than POS work. */
export type ModuleRefusal = 'module_denied' | 'permission_denied' | 'step_up_required';

/** Whether `subject` holds `module` at all (super_admin and owner hold every module). */
function holdsModule(subject: GuardSubject, module: string): boolean {
  if (subject.role === 'admin')
    return subject.type === 'super_admin' || (subject.type === 'admin' && subject.modules.includes(module));
  return subject.type === 'owner' || (subject.type === 'employee' && subject.modules.includes(module));
}

/**
 * Whether `subject` may use `module` (and, where the operation names one, `action`).
 * super_admin and owner pass every guard; admins need the module; employees need the module
 * and, for a guarded action, that action in module_permissions[module].
 */
export function passesModuleGuard(subject: GuardSubject, module: string, action?: string): boolean {
  if (!holdsModule(subject, module)) return false;
  if (subject.role === 'admin' || subject.type === 'owner' || action === undefined) return true;
  return subject.modulePermissions[module]?.includes(action) ?? false;
}

/** Whether a session signed in with a PIN on a paired terminal (RFC 8176 `amr` holds `pin`). */
export const isPinSession = (amr: readonly string[] | undefined): boolean => amr?.includes('pin') ?? false;

/**
 * The work a PIN session at a till does without a password: everything in the `pos` module, and
 * looking up orders and the catalogue. Anything else (administration, changing orders or products,
 * reports) is someone's password sign-in's to do.
 */
export function isPosWork(module: string, action?: string): boolean {
  if (module === 'pos') return true;
  return (module === 'orders' || module === 'catalogue') && (action === undefined || action === 'read');
}

/** step_up_required when a PIN session asks for something that is not POS work; whatever modules the account holds. */
export function pinSessionRefusal(
  amr: readonly string[] | undefined,
  posWork: boolean,
): 'step_up_required' | undefined {
  return isPinSession(amr) && !posWork ? 'step_up_required' : undefined;
}

/**
 * The one module rule: undefined when `subject` (signed in by `amr`) may use `module` with `action`,
 * otherwise why not. `posWork` says whether the request is POS work a PIN session may do; by
 * default isPosWork decides, a service with its own list of such operations passes its verdict.
 */
export function moduleRefusal(
  subject: GuardSubject & { amr?: readonly string[] },
  module: string,
  action?: string,
  posWork: boolean = isPosWork(module, action),
): ModuleRefusal | undefined {
  const pin = pinSessionRefusal(subject.amr, posWork);
  if (pin) return pin;
  if (!holdsModule(subject, module)) return 'module_denied';
  return passesModuleGuard(subject, module, action) ? undefined : 'permission_denied';
}

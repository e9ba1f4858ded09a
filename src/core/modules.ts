// Module-based access control: which account passes which module guard.

/** What a guard needs to know about the signed-in account. */
export type GuardSubject =
  | { role: 'admin'; type: string; modules: readonly string[] }
  | { role: 'vendor'; type: string; modules: readonly string[]; modulePermissions: Readonly<Record<string, readonly string[]>> };

/**
 * Whether `subject` may use `module` (and, where the operation names one, `action`).
 * super_admin and owner pass every guard; admins need the module; employees need the module
 * and, for a guarded action, that action in module_permissions[module].
 */
export function passesModuleGuard(subject: GuardSubject, module: string, action?: string): boolean {
  if (subject.role === 'admin') {
    if (subject.type === 'super_admin') return true;
    return subject.type === 'admin' && subject.modules.includes(module);
  }
  if (subject.type === 'owner') return true;
  if (subject.type !== 'employee' || !subject.modules.includes(module)) return false;
  if (action === undefined) return true;
  return subject.modulePermissions[module]?.includes(action) ?? false;
}
